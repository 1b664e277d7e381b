import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config.ts';
import { notFound } from '../lib/http-error.ts';
import { IMMUTABLE, registerAssets } from './static-assets.ts';
/** Everything else (index.html, PDFs, icons) is revalidated, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/**
 * Avatars from MEDIA_DIR and, when built, the SPA from STATIC_DIR. Lesson videos are not public: the shop routes
 * serve them to owners. Returns the SPA directory, or null when there is none (the API runs either way).
 */
/** Avatar names are random (a new upload gets a new name), so a browser may keep one for a day. */
const AVATAR_CACHE = 'public, max-age=86400';
const AVATAR_NAME = /^[0-9a-f]{32}\.webp$/;

/**
 * Avatars from the object store when MEDIA_STORAGE=s3: streamed through the API, so the bucket stays private and
 * every instance answers the same.
 */
function registerStoredAvatars(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/media/avatars/:file', async (request, reply) => {
    const { file } = request.params;
    const object = AVATAR_NAME.test(file) ? await app.services.media.open(`avatars/${file}`) : null;
    if (!object) throw notFound();
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', AVATAR_CACHE)
      .send(object.stream);
  });
}

/**
 * Avatars (MEDIA_DIR or the object store) and, when built, the SPA from STATIC_DIR. Lesson videos are not public:
 * the shop routes serve them to owners. Returns the SPA directory, or null when there is none (the API runs either
 * way).
 */
export async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<string | null> {
  const media = app.services.media;
  const localAvatars = media.localPath('avatars');
  if (localAvatars) fs.mkdirSync(localAvatars, { recursive: true });
  else registerStoredAvatars(app);
  const hasSpa = fs.existsSync(path.join(config.staticDir, 'index.html'));
  if (hasSpa) {
    // The SPA registration owns reply.sendFile (used by the history fallback).
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      index: 'index.html',
      // `npm run build` writes .br and .gz beside each asset; send picks the best one the client accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(config.staticDir, 'assets') + path.sep);
        reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
    // The hashed assets, the bulk of a first visit, from memory.
    registerAssets(app, config.staticDir);
  }
  if (localAvatars) {
    await app.register(fastifyStatic, {
      root: localAvatars,
      prefix: '/media/avatars/',
      decorateReply: !hasSpa,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('Cache-Control', AVATAR_CACHE),
    });
  }
  return hasSpa ? config.staticDir : null;
}
