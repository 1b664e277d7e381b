/**
 * `npm run bench:api`: requests/s and p99 latency of the API's hot reads (tree, range, the store list and a product
 * page, anonymous and signed in), a static file when a built SPA is there, and a write, each side by side with a
 * bare Fastify route measured right before it in the same run. Goals: reads >= 0.5x the bare route with p99 <= 5 ms
 * at 10 connections, the write >= 0.3x.
 *
 *   npm run bench:api                       the table
 *   npm run bench:api -- --soak             then 60 s at 50 connections over the reads: RSS and errors
 *   npm run bench:api -- --profile DIR      a CPU profile of the server per route (DIR/<route>.cpuprofile), summed up
 *
 * BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_SOAK_SECONDS, BENCH_SOAK_CONNECTIONS change the run;
 * BENCH_STATIC_DIR names a built SPA (default dist/ when it holds one); BENCH_DATABASE_URL a PostgreSQL database
 * instead of a fresh SQLite.
 *
 * The servers run in a child process so autocannon (the load generator) does not share their event loop. The write
 * runs under a raised WRITE_RATE_LIMIT: it measures writes, and any 429 is counted apart from other failures.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import Fastify from 'fastify';

import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_EMAIL, seedDatabase } from '../../server/db/seed.ts';
import { type CpuProfile, formatSummary } from './cpu-profile.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
/**
 * Each route's time is split into this many rounds, each a bare run then the route's: the machine is shared, and a
 * neighbour's build that starts mid-run then weighs on both sides of the ratio alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SOAK_CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 50);
/** The soak's warm-up: long enough for the JIT, the caches and the heap to settle before RSS is taken. */
const WARM_UP_SECONDS = 10;

interface Target {
  bare: string;
  api: string;
  token: string;
  rangeId: number;
  folderId: number;
  productId: number;
  /** A content-hashed asset of the built SPA, or null when none is served. */
  asset: string | null;
}

/** What the parent asks of the server process (over the IPC channel). */
type Command =
  { type: 'profile-start' } | { type: 'profile-stop'; file: string } | { type: 'rss'; collect: boolean };
interface Memory {
  rss: number;
  heapUsed: number;
}

/**
 * A typical chunk of the built SPA: the largest script under assets/ below 64 KB (the biggest ones are bound by the
 * load generator reading their bytes, not by the server). Null without a built SPA.
 */
function typicalAsset(staticDir: string): string | null {
  const assets = path.join(staticDir, 'assets');
  if (!fs.existsSync(path.join(staticDir, 'index.html')) || !fs.existsSync(assets)) return null;
  const scripts = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: fs.statSync(path.join(assets, name)).size }))
    .filter((script) => script.size < 64 * 1024)
    .sort((a, b) => b.size - a.size);
  return scripts[0] ? `/assets/${scripts[0].name}` : null;
}

async function serve(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-bench-'));
  // The parent ends this process with SIGTERM when the run is over: the database goes with it.
  process.on('SIGTERM', () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
  const staticDir = path.resolve(process.env.BENCH_STATIC_DIR ?? 'dist');
  const asset = typicalAsset(staticDir);
  const config = loadConfig({
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.sqlite')}`,
    DATA_DIR: dir,
    MEDIA_DIR: path.join(dir, 'media'),
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000000',
    WRITE_RATE_LIMIT: '1000000',
  });
  const app = await buildApp(config, { serveStatic: asset !== null });
  // The demo player with its sample ranges, under a password made for this run (the seed writes none down).
  const password = randomBytes(9).toString('base64url');
  await seedDatabase(app.services.db, { demo: { password } });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { login: DEMO_EMAIL, password },
  });
  const token = login.json().data.token as string;
  const tree = await app.inject({
    method: 'GET',
    url: '/api/v1/categories/tree?root_type=preflop_root',
    headers: { authorization: `Bearer ${token}` },
  });
  const folder = tree.json().data.children[0];
  const shop = await app.inject({ method: 'GET', url: '/api/shop' });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ data: { ok: true } }));
  if (asset) {
    // The floor for the static file: the same brotli bytes from memory, with nothing else done.
    const file = path.join(staticDir, asset);
    const bytes = fs.readFileSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file);
    const encoding = fs.existsSync(`${file}.br`) ? 'br' : 'identity';
    bare.get('/bare-asset', (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('content-encoding', encoding).send(bytes),
    );
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const session = new Session();
  session.connect();
  process.on('message', (command: Command) => {
    void (async () => {
      if (command.type === 'rss') {
        // With `collect`, after a full collection (the child runs with --expose-gc): heapUsed is then what is still
        // held, not what awaits collection. RSS is as the operating system sees it.
        if (command.collect) (globalThis as { gc?: () => void }).gc?.();
        const { rss, heapUsed } = process.memoryUsage();
        return process.send?.({ rss, heapUsed } satisfies Memory);
      }
      if (command.type === 'profile-start') {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        return process.send?.({ started: true });
      }
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(command.file, JSON.stringify(profile));
      process.send?.({ written: command.file });
    })();
  });

  const address = (server: typeof app.server) => {
    const info = server.address();
    return typeof info === 'object' && info ? `http://127.0.0.1:${info.port}` : '';
  };
  const target: Target = {
    bare: address(bare.server),
    api: address(app.server),
    token,
    rangeId: folder.children[0].id,
    folderId: folder.id,
    productId: shop.json().data.list[0].id,
    asset,
  };
  console.log(`BENCH_TARGET ${JSON.stringify(target)}`);
}

interface Result {
  name: string;
  rps: number;
  p99: number;
  /** 429 answers: a rate limit, reported apart from failures. */
  limited: number;
  /** Every other answer that was not 2xx or 304, plus connection errors and timeouts. */
  failed: number;
}

function run(name: string, options: autocannon.Options, duration = DURATION): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections: CONNECTIONS, ...options }, (error, result) => {
      if (error) return reject(error);
      const codes = result.statusCodeStats as Record<string, { count: number } | undefined>;
      const limited = codes['429']?.count ?? 0;
      const notModified = codes['304']?.count ?? 0;
      const failed = result.non2xx - limited - notModified + result.errors + result.timeouts;
      resolve({ name, rps: result.requests.average, p99: result.latency.p99, limited, failed });
    });
  });
}

/** Sends a command to the server process and waits for its answer. */
function ask<T>(child: ReturnType<typeof spawn>, command: Command): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(command);
  });
}

/** Each route with its own floor: the bare JSON route, or for the static file the same bytes from a bare route. */
function routesOf(target: Target): Array<[string, autocannon.Options, autocannon.Options?]> {
  const auth = { authorization: `Bearer ${target.token}` };
  const routes: Array<[string, autocannon.Options, autocannon.Options?]> = [
    [
      'GET categories/tree',
      { url: `${target.api}/api/v1/categories/tree?root_type=preflop_root`, headers: auth },
    ],
    [
      'GET categories/range',
      { url: `${target.api}/api/v1/categories/range?category_id=${target.rangeId}`, headers: auth },
    ],
    ['GET /api/shop (anonymous)', { url: `${target.api}/api/shop` }],
    [
      'GET /api/shop (anonymous, br)',
      { url: `${target.api}/api/shop`, headers: { 'accept-encoding': 'br, gzip' } },
    ],
    ['GET /api/shop (signed in)', { url: `${target.api}/api/shop`, headers: auth }],
    ['GET shop/product (anonymous)', { url: `${target.api}/api/shop/product/${target.productId}` }],
  ];
  if (target.asset) {
    const brotli = { 'accept-encoding': 'br, gzip' };
    routes.push([
      'GET static asset (br) *',
      { url: `${target.api}${target.asset}`, headers: brotli },
      { url: `${target.bare}/bare-asset`, headers: brotli },
    ]);
  }
  routes.push([
    'POST categories/{id} (write)',
    {
      url: `${target.api}/api/v1/categories/${target.folderId}`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'benchmark note' }),
    },
  ]);
  return routes;
}

async function table(
  child: ReturnType<typeof spawn>,
  target: Target,
  profileDir: string | null,
): Promise<void> {
  // A profile covers one stretch of the route alone, so it is taken in one round.
  const rounds = profileDir ? 1 : ROUNDS;
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per route and as long on the bare route, ` +
      `in ${rounds} alternating round(s)\n`,
  );
  const results: Array<Result & { bare: number; bareP99: number }> = [];
  const summaries: string[] = [];
  const profiled = async <T>(name: string, measure: () => Promise<T>): Promise<T> => {
    if (!profileDir) return measure();
    await ask(child, { type: 'profile-start' });
    const result = await measure();
    const file = path.join(profileDir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`);
    await ask(child, { type: 'profile-stop', file });
    summaries.push(formatSummary(name, JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile));
    return result;
  };
  const seconds = DURATION / rounds;
  for (const [index, [name, options, floor]] of routesOf(target).entries()) {
    const bares: Result[] = [];
    const runs: Result[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // The first bare run is profiled too: the floor every route's profile is read against.
      const bareRun = () => run('bare', floor ?? { url: `${target.bare}/bare` }, seconds);
      bares.push(index === 0 && round === 0 ? await profiled('bare route', bareRun) : await bareRun());
      runs.push(await profiled(name, () => run(name, options, seconds)));
    }
    // Rounds last alike: the mean of their rates is the route's rate; the worst round's p99 is reported.
    const mean = (list: Result[]) => list.reduce((sum, entry) => sum + entry.rps, 0) / list.length;
    const worstP99 = (list: Result[]) => Math.max(...list.map((entry) => entry.p99));
    const total = (key: 'limited' | 'failed') => runs.reduce((sum, entry) => sum + entry[key], 0);
    results.push({
      name,
      rps: mean(runs),
      p99: worstP99(runs),
      limited: total('limited'),
      failed: total('failed'),
      bare: mean(bares),
      bareP99: worstP99(bares),
    });
  }
  console.log('route                          req/s   p99 ms | bare req/s  p99 ms |  ratio    429  failed');
  for (const result of results) {
    console.log(
      `${result.name.padEnd(30)} ${result.rps.toFixed(0).padStart(6)} ${result.p99.toFixed(1).padStart(8)} | ` +
        `${result.bare.toFixed(0).padStart(10)} ${result.bareP99.toFixed(1).padStart(7)} | ` +
        `${(result.rps / result.bare).toFixed(2).padStart(5)}x ${String(result.limited).padStart(6)} ` +
        `${String(result.failed).padStart(7)}`,
    );
  }
  if (target.asset) console.log('* against the same bytes sent from memory by a bare route');
  const reads = results.filter((result) => result.name.startsWith('GET'));
  const worst = Math.min(...reads.map((result) => result.rps / result.bare));
  const slowest = Math.max(...reads.map((result) => result.p99));
  console.log(
    `\nslowest read: ${worst.toFixed(2)}x the bare route (goal >= 0.50x); ` +
      `worst read p99 ${slowest.toFixed(1)} ms (goal <= 5 ms)`,
  );
  if (summaries.length > 0) console.log(`\n${summaries.join('\n\n')}`);
}

/** Every read in turn on each connection, for SOAK_SECONDS at SOAK_CONNECTIONS: memory must stay flat, no error. */
async function soak(child: ReturnType<typeof spawn>, target: Target): Promise<void> {
  const requests = routesOf(target)
    .filter(([name]) => name.startsWith('GET'))
    .map(([, options]) => ({
      method: 'GET' as const,
      path: String(options.url).slice(target.api.length),
      headers: options.headers ?? {},
    }));
  const load = (duration: number) =>
    run('soak', { url: target.api, requests, connections: SOAK_CONNECTIONS, duration });
  console.log(`\nsoak: ${SOAK_CONNECTIONS} connections over ${requests.length} reads`);
  const warm = await load(WARM_UP_SECONDS);
  const before = await ask<Memory>(child, { type: 'rss', collect: true });
  // RSS every ten seconds of the run: a leak climbs all the way, a heap settling to the load levels off.
  const samples: number[] = [];
  const sampler = setInterval(() => {
    void ask<Memory>(child, { type: 'rss', collect: false }).then((memory) => samples.push(memory.rss));
  }, 10_000);
  const result = await load(SOAK_SECONDS).finally(() => clearInterval(sampler));
  const after = await ask<Memory>(child, { type: 'rss', collect: true });
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const growth = (key: keyof Memory) => `${(((after[key] - before[key]) / before[key]) * 100).toFixed(1)}%`;
  console.log(
    `warm-up ${WARM_UP_SECONDS} s: ${warm.rps.toFixed(0)} req/s, ${warm.failed + warm.limited} errors\n` +
      `${SOAK_SECONDS} s: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms, ` +
      `${result.failed} failed, ${result.limited} limited (429)\n` +
      `RSS after warm-up ${mb(before.rss)}, at the end ${mb(after.rss)}: ${growth('rss')} (goal within 10%); ` +
      `every 10 s: ${samples.map((bytes) => (bytes / 2 ** 20).toFixed(0)).join(', ')} MB\n` +
      `heap in use ${mb(before.heapUsed)} → ${mb(after.heapUsed)} (${growth('heapUsed')})`,
  );
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  const profileAt = process.argv.indexOf('--profile');
  const profileDir = profileAt >= 0 ? path.resolve(process.argv[profileAt + 1] ?? 'api-profiles') : null;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const target = await new Promise<Target>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /BENCH_TARGET (.+)\n/.exec(output);
      if (match) resolve(JSON.parse(match[1] as string) as Target);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    await table(child, target, profileDir);
    if (process.argv.includes('--soak')) await soak(child, target);
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
