import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { createThrowawayDatabase, postgresAvailability } from './helpers/postgres.ts';
import {
  bearer,
  createTestApp,
  describeEachDatabase,
  memoryMailer,
  type TestApp,
} from './helpers/test-app.ts';

/** `npm run db:backup` / `db:restore` as a separate process (server/db/cli.ts), on the given database and media. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/db/cli.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describeEachDatabase('backup and restore', (kind) => {
  let t: TestApp;
  let user: Session;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-backup-'));
  const backupDir = path.join(scratch, 'backup');
  const restoredMedia = path.join(scratch, 'restored-media');
  let restoredUrl = `sqlite:${path.join(scratch, 'restored.sqlite')}`;
  let dropRestored = async () => {};
  const env = () => ({
    DATABASE_URL: t.config.databaseUrl,
    DATA_DIR: t.config.dataDir,
    MEDIA_DIR: t.config.mediaDir,
  });
  const restoredEnv = () => ({ DATABASE_URL: restoredUrl, DATA_DIR: scratch, MEDIA_DIR: restoredMedia });

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await registerUser(t.app);
    await makePremium(t.app, user);
    if (kind === 'postgres') {
      const database = await createThrowawayDatabase(postgresAvailability().adminUrl as string);
      restoredUrl = database.url;
      dropRestored = database.drop;
    }
  });
  afterAll(async () => {
    await t.close();
    await dropRestored();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up while players write, and the restore holds every write acknowledged before it began', async () => {
    const avatar = randomBytes(40_000);
    const video = randomBytes(1_500_000);
    await t.app.services.media.put('avatars/0123456789abcdef0123456789abcdef.webp', avatar, 'image/webp');
    await t.app.services.media.put('videos/lesson-0123456789abcdef01234567.mp4', video, 'video/mp4');

    const acknowledged: { name: string; at: number }[] = [];
    let refused = 0;
    let backupStartedAt = Number.POSITIVE_INFINITY;
    let backupDone = false;
    let afterDone = 0;
    const writer = (async () => {
      // A steady stream of library writes until a while after the backup has finished.
      for (let n = 0; !backupDone || afterDone < 20; n += 1) {
        if (backupDone) afterDone += 1;
        const name = `write ${n}`;
        const response = await as(t.app, user, {
          method: 'POST',
          url: '/api/v1/categories',
          payload: { name, kind: 'folder', root_type: 'preflop_root' },
        });
        if (response.statusCode === 200) acknowledged.push({ name, at: performance.now() });
        else refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    // Writes acknowledged before the backup process is even started are owed; later ones may or may not be in it.
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 5));
    backupStartedAt = performance.now();
    const made = await cli(['backup', '--out', backupDir], env());
    backupDone = true;
    await writer;
    expect(made.code, made.output).toBe(0);
    expect(refused).toBe(0);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.dialect).toBe(kind);
    expect(manifest.media.files.map((file: { key: string }) => file.key).sort()).toEqual([
      'avatars/0123456789abcdef0123456789abcdef.webp',
      'videos/lesson-0123456789abcdef01234567.mp4',
    ]);

    const restored = await cli(['restore', '--from', backupDir], restoredEnv());
    expect(restored.code, restored.output).toBe(0);

    // Checked by the database itself, not by the code under test.
    let names: string[];
    if (kind === 'sqlite') {
      const db = new SQLite(restoredUrl.slice('sqlite:'.length), { readonly: true });
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      names = (
        db.prepare('SELECT name FROM categories WHERE user_id = ?').all(user.id) as { name: string }[]
      ).map((row) => row.name);
      db.close();
    } else {
      const client = new pg.Client({ connectionString: restoredUrl });
      await client.connect();
      const source = new pg.Client({ connectionString: t.config.databaseUrl });
      await source.connect();
      const keys = "SELECT conname FROM pg_constraint WHERE contype = 'f' AND convalidated ORDER BY conname";
      const [restoredKeys, sourceKeys] = [(await client.query(keys)).rows, (await source.query(keys)).rows];
      await source.end();
      expect(restoredKeys.length).toBeGreaterThan(10);
      expect(restoredKeys).toEqual(sourceKeys);
      names = (await client.query('SELECT name FROM categories WHERE user_id = $1', [user.id])).rows.map(
        (row) => row.name,
      );
      await client.end();
    }
    const owed = acknowledged.filter((write) => write.at < backupStartedAt);
    const found = new Set(names);
    const missing = owed.filter((write) => !found.has(write.name));
    expect(missing).toEqual([]);
    // Nothing the backup holds was invented: every restored write was acknowledged to the player.
    const acked = new Set(acknowledged.map((write) => write.name));
    expect(names.filter((name) => !acked.has(name))).toEqual([]);
    console.log(
      `backup under writes [${kind}]: ${acknowledged.length} writes acknowledged in all, ${owed.length} before the ` +
        `backup started; after restore ${names.length} found, ${owed.length - missing.length} of the ${owed.length} owed`,
    );

    expect(
      fs.readFileSync(path.join(restoredMedia, 'avatars/0123456789abcdef0123456789abcdef.webp')),
    ).toEqual(avatar);
    expect(fs.readFileSync(path.join(restoredMedia, 'videos/lesson-0123456789abcdef01234567.mp4'))).toEqual(
      video,
    );

    // The restored install serves the same player: the session made before the backup still signs them in.
    const config = loadConfig({
      ...restoredEnv(),
      LOG_LEVEL: 'silent',
      STATIC_DIR: path.join(scratch, 'dist'),
    });
    const app = await buildApp(config, { mailer: memoryMailer([]) });
    try {
      const me = await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(user.token) });
      expect(me.json().data.me.username).toBe(user.username);
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to restore over a database that holds data, and a damaged backup', async () => {
    const again = await cli(['restore', '--from', backupDir], restoredEnv());
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      kind === 'sqlite' ? /exists: stop the server and pass --force/ : /not empty/,
    );

    const damaged = path.join(scratch, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const file = path.join(damaged, 'media/videos/lesson-0123456789abcdef01234567.mp4');
    const bytes = fs.readFileSync(file);
    bytes[1000] = (bytes[1000] as number) ^ 1;
    fs.writeFileSync(file, bytes);
    const refused = await cli(['restore', '--from', damaged, '--force'], restoredEnv());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      'damaged (checksum mismatch: media/videos/lesson-0123456789abcdef01234567.mp4)',
    );
  }, 60_000);
});
