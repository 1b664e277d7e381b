import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { AppConfig } from '../config.ts';
import { assertMediaKey, contentTypeOf, createMediaStorage } from '../lib/media-storage.ts';
import {
  backupPostgres,
  backupSqlite,
  checkSqlite,
  type RestoreCheck,
  restorePostgres,
  restoreSqlite,
  sqliteFile,
} from './backup-database.ts';

/** Bumped when the layout of a backup folder changes; restore refuses a format it does not know. */
const FORMAT = 1;

/**
 * A backup is a folder: `manifest.json`, the database (`database.sqlite`, a consistent copy made by SQLite's
 * online backup API, or `database.pgdump`, pg_dump's custom format) and `media/<key>` for every object of the media
 * storage (avatars, lesson videos, posters, captions), local folder or bucket alike. The manifest names the sha256
 * of every file, so a restore finds a damaged or incomplete copy before it writes anything.
 */
export interface Manifest {
  format: number;
  created_at: string;
  dialect: 'sqlite' | 'postgres';
  database: { file: string; bytes: number; sha256: string };
  /** The schema the backup holds: a restore into a build that knows more migrations needs `db:migrate` after. */
  migrations: string[];
  media: { driver: 'local' | 's3'; files: { key: string; bytes: number; sha256: string }[] };
}

const dialectOf = (url: string) => (url.startsWith('sqlite:') ? 'sqlite' : 'postgres');

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Copies a stream into `file`, hashing it on the way; a copy that fails part-way leaves no file. */
async function copyHashed(
  stream: NodeJS.ReadableStream,
  file: string,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(stream, count, createWriteStream(file));
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * `npm run db:backup`: the database first, then the media. In that order every file a backed-up row names was
 * already stored when the copy of the media began (uploads are stored before the row that names them); a file
 * removed in between (an avatar replaced meanwhile) is the only kind of gap, and the manifest lists exactly what was
 * copied.
 */
export async function backup(
  config: AppConfig,
  outDir: string,
  log: (line: string) => void = () => {},
): Promise<Manifest> {
  await fs.mkdir(outDir, { recursive: true });
  if ((await fs.readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty: name a new folder`);
  const dialect = dialectOf(config.databaseUrl);
  const databaseFile = dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
  const target = path.join(outDir, databaseFile);
  const started = Date.now();
  let migrations: string[];
  if (dialect === 'sqlite') {
    await backupSqlite(sqliteFile(config.databaseUrl, config.dataDir), target);
    migrations = checkSqlite(target).migrations;
  } else {
    migrations = await backupPostgres(config.databaseUrl, target);
  }
  const { size } = await fs.stat(target);
  log(`database: ${databaseFile}, ${size} bytes in ${Date.now() - started} ms`);

  const storage = createMediaStorage(config.media);
  const files: Manifest['media']['files'] = [];
  for await (const key of storage.list()) {
    assertMediaKey(key);
    const object = await storage.open(key);
    if (!object) continue; // removed since it was listed
    files.push({ key, ...(await copyHashed(object.stream, path.join(outDir, 'media', key))) });
  }
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  log(`media: ${files.length} files, ${bytes} bytes from the ${storage.kind} storage`);

  const manifest: Manifest = {
    format: FORMAT,
    created_at: new Date(started).toISOString(),
    dialect,
    database: { file: databaseFile, bytes: size, sha256: await sha256(target) },
    migrations,
    media: { driver: storage.kind, files },
  };
  await fs.writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreReport extends RestoreCheck {
  mediaFiles: number;
}

/**
 * `npm run db:restore`: checks every file of the backup against its manifest, restores the database (refusing a
 * database that is not empty unless `replace`) and puts every media file back into the configured storage.
 */
export async function restore(
  config: AppConfig,
  fromDir: string,
  replace: boolean,
  log: (line: string) => void = () => {},
): Promise<RestoreReport> {
  const manifest = JSON.parse(await fs.readFile(path.join(fromDir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== FORMAT)
    throw new Error(`backup format ${manifest.format} is not one this build reads`);
  const dialect = dialectOf(config.databaseUrl);
  if (manifest.dialect !== dialect) {
    throw new Error(
      `the backup is of a ${manifest.dialect} database and DATABASE_URL names a ${dialect} one`,
    );
  }
  const databaseFile = path.join(fromDir, manifest.database.file);
  const damaged: string[] = [];
  if ((await sha256(databaseFile)) !== manifest.database.sha256) damaged.push(manifest.database.file);
  for (const file of manifest.media.files) {
    assertMediaKey(file.key);
    if ((await sha256(path.join(fromDir, 'media', file.key))) !== file.sha256)
      damaged.push(`media/${file.key}`);
  }
  if (damaged.length > 0) throw new Error(`the backup is damaged (checksum mismatch: ${damaged.join(', ')})`);

  const check =
    dialect === 'sqlite'
      ? await restoreSqlite(databaseFile, sqliteFile(config.databaseUrl, config.dataDir), replace)
      : await restorePostgres(databaseFile, config.databaseUrl, replace);
  log(
    `database: restored from ${manifest.created_at}: integrity ${check.integrity}, ` +
      `${check.foreignKeyViolations} foreign key violations, ${check.migrations.length} migrations applied`,
  );
  const storage = createMediaStorage(config.media);
  await storage.check();
  for (const file of manifest.media.files) {
    await storage.putFile(file.key, path.join(fromDir, 'media', file.key), contentTypeOf(file.key));
  }
  log(`media: ${manifest.media.files.length} files into the ${storage.kind} storage`);
  return { ...check, mediaFiles: manifest.media.files.length };
}
