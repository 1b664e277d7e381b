import fs from 'node:fs';
import path from 'node:path';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { acceptedEncodings } from '../lib/cached-body.ts';

/** Vite names every file under /assets/ by its content hash: a changed file gets a new URL, so caching is forever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Larger files stay on disk (streamed per request); a build's largest, the engine and its table, are well below. */
const MAX_IN_MEMORY_BYTES = 16 * 1024 * 1024;

/** The types a build's assets have (as @fastify/static names them); a file of another type is served from disk. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

interface Asset {
  headers: Record<string, string>;
  etag: string;
  plain: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : null);

/**
 * Every asset of the build with its precompressed siblings (`npm run build` writes .br and .gz), read once. The
 * validator is the one @fastify/send gives the same file (size and mtime), so a range request it answers from disk
 * and a conditional one answered here agree.
 */
export function loadAssets(assetsDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(assetsDir)) return assets;
  for (const entry of fs.readdirSync(assetsDir, { withFileTypes: true })) {
    const type = TYPES[path.extname(entry.name)];
    if (!entry.isFile() || !type) continue;
    const file = path.join(assetsDir, entry.name);
    const stat = fs.statSync(file);
    if (stat.size > MAX_IN_MEMORY_BYTES) continue;
    const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    assets.set(entry.name, {
      headers: {
        'content-type': type,
        'cache-control': IMMUTABLE,
        'last-modified': stat.mtime.toUTCString(),
        etag,
        vary: 'Accept-Encoding',
        'accept-ranges': 'bytes',
      },
      etag,
      plain: fs.readFileSync(file),
      br: readIfThere(`${file}.br`),
      gzip: readIfThere(`${file}.gz`),
    });
  }
  return assets;
}

const notModified = (request: FastifyRequest, etag: string) => {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
};

/**
 * The build's hashed assets from memory: no file-system call per request (@fastify/static checks the spelling of
 * every path segment with readdir, then stats, opens and streams the file: milliseconds on a busy disk, where the
 * same bytes from memory take microseconds). Range requests and names not loaded go to @fastify/static as before.
 */
export function registerAssets(app: FastifyInstance, staticDir: string): void {
  const assets = loadAssets(path.join(staticDir, 'assets'));
  const fromDisk = (reply: FastifyReply, name: string) => reply.sendFile(`assets/${name}`);
  app.get<{ Params: { '*': string } }>(
    '/assets/*',
    { compress: false, schema: { hide: true } },
    async (request, reply) => {
      const name = request.params['*'];
      const asset = assets.get(name);
      if (!asset || request.headers.range !== undefined) return fromDisk(reply, name);
      reply.headers(asset.headers);
      if (notModified(request, asset.etag)) return reply.code(304).send();
      // br when the client takes it and the build made it, else gzip likewise, else the original.
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      if (asset.br && accepted.has('br')) return reply.header('content-encoding', 'br').send(asset.br);
      if (asset.gzip && accepted.has('gzip'))
        return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.plain);
    },
  );
}
