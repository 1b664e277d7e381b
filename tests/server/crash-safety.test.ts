import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

import { signUpThroughApi } from '../e2e/support/sign-up.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

describe('crash safety (SQLite, WAL + synchronous FULL)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-crash-'));
  const file = path.join(dir, 'crash.sqlite');
  const env = {
    DATABASE_URL: `sqlite:${file}`,
    DATA_DIR: path.join(dir, 'data'),
    MEDIA_DIR: path.join(dir, 'media'),
    STATIC_DIR: path.join(dir, 'dist'),
    AUTH_RATE_LIMIT: '1000',
    WRITE_RATE_LIMIT: '100000',
  };
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged write when killed with SIGKILL mid-stream, and the file checks clean', async () => {
    const first = await startServer(env);
    children.push(first.child);
    // The whole sign-up: its code comes from the server's outbox folder (no SMTP_URL).
    const { token } = await signUpThroughApi(first.base, env.DATA_DIR, {
      username: 'crasher',
      email: 'crash@example.com',
      password: 'secret123',
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    const acknowledged: number[] = [];
    let stop = false;
    // Four writers in parallel until the kill; past the free tier's category cap they get 402 and keep going.
    const writer = async (lane: number) => {
      for (let i = 0; !stop; i += 1) {
        try {
          const response = await fetch(`${first.base}/api/v1/categories`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              name: `w${lane}-${i}`,
              kind: 'folder',
              root_type: 'preflop_root',
              note: 'x'.repeat(500),
            }),
          });
          if (response.status === 200)
            acknowledged.push(((await response.json()) as { data: { id: number } }).data.id);
        } catch {
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // The kill lands mid-load once a few dozen writes are acknowledged: counted, not timed, so a loaded machine
    // still has writes in flight when the process dies.
    while (acknowledged.length <= 24) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);

    const second = await startServer(env);
    children.push(second.child);
    const tree = await fetch(`${second.base}/api/v1/categories/tree?root_type=preflop_root`, { headers });
    const ids = new Set(
      ((await tree.json()) as { data: { children: Array<{ id: number }> } }).data.children.map(
        (node) => node.id,
      ),
    );
    const lost = acknowledged.filter((id) => !ids.has(id));
    expect(lost).toEqual([]);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));

    const db = new SQLite(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);
});
