/**
 * `npm run bench:api`: requests/s and p99 latency of the API's hot reads (tree, range, shop) and a write, side by
 * side with a bare Fastify route measured in the same run on the same machine. Goal: reads >= 0.5x the bare route.
 *
 * The servers run in a child process so autocannon (the load generator) does not share their event loop.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import Fastify from 'fastify';

import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_EMAIL, seedDatabase } from '../../server/db/seed.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Target {
  bare: string;
  api: string;
  token: string;
  rangeId: number;
  folderId: number;
}

async function serve(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-bench-'));
  const config = loadConfig({
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.sqlite')}`,
    DATA_DIR: dir,
    MEDIA_DIR: path.join(dir, 'media'),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000000',
  });
  const app = await buildApp(config);
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
  await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ data: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

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
  };
  console.log(`BENCH_TARGET ${JSON.stringify(target)}`);
}

function run(
  name: string,
  options: autocannon.Options,
): Promise<{ name: string; rps: number; p99: number; errors: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors;
      resolve({ name, rps: result.requests.average, p99: result.latency.p99, errors: bad });
    });
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const target = await new Promise<Target>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /BENCH_TARGET (.+)\n/.exec(output);
      if (match) resolve(JSON.parse(match[1] as string) as Target);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const auth = { authorization: `Bearer ${target.token}` };
  try {
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per route\n`);
    // The machine is shared: each route is measured right after its own bare-route run, and compared with it.
    const routes: Array<[string, autocannon.Options]> = [
      [
        'GET categories/tree',
        { url: `${target.api}/api/v1/categories/tree?root_type=preflop_root`, headers: auth },
      ],
      [
        'GET categories/range',
        { url: `${target.api}/api/v1/categories/range?category_id=${target.rangeId}`, headers: auth },
      ],
      ['GET /api/shop', { url: `${target.api}/api/shop`, headers: auth }],
      [
        'POST categories/{id} (write)',
        {
          url: `${target.api}/api/v1/categories/${target.folderId}`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ note: 'benchmark note' }),
        },
      ],
    ];
    const results: Array<{
      name: string;
      rps: number;
      p99: number;
      errors: number;
      bare: number;
      bareP99: number;
    }> = [];
    for (const [name, options] of routes) {
      const bare = await run('bare', { url: `${target.bare}/bare` });
      const result = await run(name, options);
      results.push({ ...result, bare: bare.rps, bareP99: bare.p99 });
    }
    console.log('route                          req/s   p99 ms | bare req/s  p99 ms |  ratio  non-2xx');
    for (const result of results) {
      console.log(
        `${result.name.padEnd(30)} ${result.rps.toFixed(0).padStart(6)} ${result.p99.toFixed(1).padStart(8)} | ` +
          `${result.bare.toFixed(0).padStart(10)} ${result.bareP99.toFixed(1).padStart(7)} | ` +
          `${(result.rps / result.bare).toFixed(2).padStart(5)}x ${String(result.errors).padStart(8)}`,
      );
    }
    const reads = results.slice(0, 3);
    const worst = Math.min(...reads.map((result) => result.rps / result.bare));
    console.log(`\nslowest read: ${worst.toFixed(2)}x the bare route (goal >= 0.50x)`);
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
