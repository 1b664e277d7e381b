// Starts the real server (built SPA + API + SQLite in a throwaway folder) on a free port for browser tests.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');

export interface Account {
  username: string;
  email: string;
  password: string;
}

export interface AppServer {
  baseUrl: string;
  /** Made at seed time with passwords random per run (the seed knows no password of its own). */
  accounts: { admin: Account; demo: Account };
  env: NodeJS.ProcessEnv;
  dataDir: string;
  stop(): Promise<void>;
}

/** The data folder of each server started here, by its base URL: where its outbox of mails is (sign-up.ts). */
const dataDirs = new Map<string, string>();

/** The data folder of the server at `origin` (started by startAppServer in this process). */
export function dataDirOf(origin: string): string {
  const dataDir = dataDirs.get(origin);
  if (!dataDir) throw new Error(`no server started here at ${origin}`);
  return dataDir;
}

/** A TCP port free on 127.0.0.1 now (the OS picks it; the probe closes before the caller listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls the server's health route until it answers ok; fails with the server's output if it exits or takes 60 s. */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Builds the SPA when dist/ is missing, migrates and seeds a fresh database, and serves everything. */
export async function startAppServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<AppServer> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rangeforge-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MEDIA_DIR: join(dataDir, 'media'),
    DATABASE_URL: `sqlite:${join(dataDir, 'rangeforge.sqlite')}`,
    STATIC_DIR: join(root, 'dist'),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // Every spec's players sign up from this one address: its hourly budget of sign-up mails must not be the limit.
    SIGN_UP_MAIL_LIMIT: '10000',
    ...extraEnv,
  };
  const secret = () => randomBytes(9).toString('base64url');
  const accounts = {
    admin: { username: 'admin', email: 'admin@e2e.rangeforge.test', password: secret() },
    demo: { username: 'demo', email: 'demo@rangeforge.app', password: secret() },
  };
  // The operator's way to create the first admin and a known demo password: environment at seed time only.
  const seedEnv = {
    ...env,
    ADMIN_EMAIL: accounts.admin.email,
    ADMIN_USERNAME: accounts.admin.username,
    ADMIN_PASSWORD: accounts.admin.password,
    DEMO_PASSWORD: accounts.demo.password,
  };
  for (const command of ['migrate', 'seed']) {
    const result = spawnSync(tsx, ['server/db/cli.ts', command], {
      cwd: root,
      env: seedEnv,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`db ${command} failed:\n${result.stdout}${result.stderr}`);
  }
  let log = '';
  const child = spawn(tsx, ['server/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => log);
  dataDirs.set(baseUrl, dataDir);
  return {
    baseUrl,
    accounts,
    env,
    dataDir,
    stop: () => stopServer(child, dataDir),
  };
}

/** Stops a server started here (SIGTERM, waiting for its exit) and removes its throwaway data folder. */
export async function stopServer(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
