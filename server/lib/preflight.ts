import fs from 'node:fs';
import path from 'node:path';

import type { AppConfig } from '../config.ts';

/** A start-up problem the operator must fix; server.ts prints its message as one line and exits non-zero. */
export class StartupError extends Error {}

/** Below this much free space SQLite's shared-memory file cannot grow and the process dies with SIGBUS. */
const MIN_FREE_BYTES = 16 * 1024 * 1024;

function describe(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return code ?? message ?? String(error);
}

/** Creates, syncs and removes a file in `dir`: the only proof that the directory really takes writes. */
function probeDirectory(dir: string, what: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    const fd = fs.openSync(probe, 'w');
    try {
      fs.writeSync(fd, 'ok');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new StartupError(`${what} ${dir} is not writable (${describe(error)})`);
  }
}

/** An existing file SQLite will map or write must open read-write (a directory or read-only file would not). */
function probeFile(file: string): void {
  if (!fs.existsSync(file)) return;
  try {
    fs.closeSync(fs.openSync(file, 'r+'));
  } catch (error) {
    throw new StartupError(`${file} cannot be opened for writing (${describe(error)}); fix or remove it`);
  }
}

/**
 * Checks, before the database opens, everything that would otherwise fail later without a word: DATA_DIR takes
 * writes; for SQLite the database folder does too, the database, `-wal` and `-shm` files open read-write (SQLite
 * maps `-shm` into memory, and a mapping it cannot write kills the process with SIGBUS, no log line), and the disk
 * has room. Throws StartupError naming the path and the cause.
 */
export function checkStorage(config: AppConfig): void {
  probeDirectory(config.dataDir, 'DATA_DIR');
  if (!config.databaseUrl.startsWith('sqlite:')) return;
  const name = config.databaseUrl.slice('sqlite:'.length);
  if (name === ':memory:') return;
  const file = path.resolve(name || path.join(config.dataDir, 'rangeforge.sqlite'));
  const dir = path.dirname(file);
  probeDirectory(dir, 'The database folder');
  for (const suffix of ['', '-wal', '-shm']) probeFile(`${file}${suffix}`);
  const stats = fs.statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES) {
    throw new StartupError(
      `the disk holding ${dir} has ${Math.floor(free / 1024)} KiB free; SQLite needs at least 16 MiB`,
    );
  }
}
