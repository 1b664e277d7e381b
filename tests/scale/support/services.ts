// The services a scaled-out deployment shares, started on loopback for the scale-out suite: Redis (Debian's
// redis-server), MinIO (built by the bootstrap from the Go module proxy), an SMTP sink, and instances of the
// compiled server started the way docs/deploying.md says (`npm run serve` runs scripts/serve.mjs).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

/** A child in its own process group, so a kill reaches the server behind scripts/serve.mjs too. */
function startGroup(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return { child, log: () => log };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface Service {
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const { child, log } = startGroup(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    process.env,
  );
  await waitFor(async () => log().includes('Ready to accept connections'), 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopGroup(child) };
}

/** Reason the suite cannot run here, or null. */
export function scaleOutUnavailable(): string | null {
  if (!existsSync('/usr/bin/redis-server')) return 'redis-server is not installed';
  const state = join(root, '.rangeforge', 'minio.json');
  if (!existsSync(state)) return 'MinIO was not set up by the bootstrap';
  const { binary } = JSON.parse(readFileSync(state, 'utf8')) as { binary: string | null };
  if (!binary || !existsSync(binary)) return 'MinIO could not be built here (no Go toolchain)';
  if (!existsSync(join(root, 'build', 'server', 'server', 'server.js'))) return 'the server is not built';
  return null;
}

export interface ObjectStore extends Service {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Another empty bucket on the same store (a restore's target). */
  createBucket(name: string): Promise<void>;
  /** Every key of a bucket with its size. */
  listBucket(name: string): Promise<Map<string, number>>;
}

export async function startMinio(): Promise<ObjectStore> {
  const { binary } = JSON.parse(readFileSync(join(root, '.rangeforge', 'minio.json'), 'utf8')) as {
    binary: string;
  };
  const [port, consolePort] = [await freePort(), await freePort()];
  const accessKeyId = 'rangeforge-scale';
  const secretAccessKey = 'rangeforge-scale-secret';
  const { child } = startGroup(
    binary,
    [
      'server',
      mkdtempSync(join(tmpdir(), 'rangeforge-minio-')),
      '--address',
      `127.0.0.1:${port}`,
      '--console-address',
      `127.0.0.1:${consolePort}`,
      '--quiet',
    ],
    {
      ...process.env,
      MINIO_ROOT_USER: accessKeyId,
      MINIO_ROOT_PASSWORD: secretAccessKey,
      MINIO_BROWSER: 'off',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/minio/health/ready`)).ok, 'MinIO');
  const bucket = 'rangeforge-media';
  const client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  const createBucket = async (name: string) => {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  };
  const listBucket = async (name: string) => {
    const keys = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }));
      for (const object of page.Contents ?? []) keys.set(object.Key as string, object.Size ?? 0);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
  await createBucket(bucket);
  const stop = async () => {
    client.destroy();
    await stopGroup(child);
  };
  return { url, bucket, accessKeyId, secretAccessKey, createBucket, listBucket, stop };
}

export interface Instance {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  log: () => string;
  kill(): void;
  stop(): Promise<void>;
}

/**
 * `npm run db:migrate`, `db:seed`, `db:backup -- --out DIR`, `db:restore -- --from DIR` as docs/deploying.md and
 * docs/operating.md say (scripts/serve.mjs db ...), on the shared database.
 */
export async function database(
  command: 'migrate' | 'seed' | 'backup' | 'restore',
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<string> {
  const { child, log } = startGroup(process.execPath, ['scripts/serve.mjs', 'db', command, ...args], env);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`db:${command} failed:\n${log()}`);
  return log();
}

/** `npm run serve` (scripts/serve.mjs): one instance of the compiled server on its own port. */
export async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const { child, log } = startGroup(process.execPath, ['scripts/serve.mjs'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${baseUrl}/api/v1/health/ready`)).ok,
    `instance ${name}`,
    60_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${log()}`);
  });
  return {
    name,
    baseUrl,
    child,
    log,
    kill: () => killGroup(child, 'SIGKILL'),
    stop: () => stopGroup(child),
  };
}
