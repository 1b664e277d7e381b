import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config.ts';

/** Vite names every file under /assets/ by its content hash: a changed file gets a new URL, so caching is forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, PDFs, icons) is revalidated, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/**
 * Avatars from MEDIA_DIR and, when built, the SPA from STATIC_DIR. Lesson videos are not public: the shop routes
 * serve them to owners. Returns the SPA directory, or null when there is none (the API runs either way).
 */
export async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<string | null> {
  const avatars = path.join(config.mediaDir, 'avatars');
  fs.mkdirSync(avatars, { recursive: true });
  const hasSpa = fs.existsSync(path.join(config.staticDir, 'index.html'));
  // The SPA registration owns reply.sendFile (used by the history fallback); avatars get their own instance.
  await app.register(fastifyStatic, {
    root: hasSpa ? config.staticDir : avatars,
    prefix: hasSpa ? '/' : '/media/avatars/',
    wildcard: !hasSpa,
    index: hasSpa ? 'index.html' : false,
    // `npm run build` writes .br and .gz beside each asset; send picks the best one the client accepts.
    preCompressed: hasSpa,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = hasSpa && filePath.startsWith(path.join(config.staticDir, 'assets') + path.sep);
      res.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: avatars,
      prefix: '/media/avatars/',
      decorateReply: false,
      index: false,
    });
  }
  return hasSpa ? config.staticDir : null;
}
