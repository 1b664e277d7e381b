import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';

import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/**
 * `npm run serve`: the API plus the built SPA (STATIC_DIR, history fallback) and uploaded media (MEDIA_DIR).
 * Without a built SPA the API still runs.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  fs.mkdirSync(path.join(config.mediaDir, 'avatars'), { recursive: true });
  // Avatars only: lesson videos live under media/videos and are served to owners by the shop routes.
  await app.register(fastifyStatic, {
    root: path.join(config.mediaDir, 'avatars'),
    prefix: '/media/avatars/',
    decorateReply: false,
    index: false,
  });

  const hasSpa = fs.existsSync(path.join(config.staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      wildcard: false,
      index: 'index.html',
    });
    // History fallback: an unknown non-API GET is a client-side route of the SPA.
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/')) {
        return reply.type('text/html').sendFile('index.html', config.staticDir);
      }
      return reply.status(404).send({ error: 'Not found', code: 'notFound' });
    });
  } else {
    app.log.warn(
      { staticDir: config.staticDir },
      'no built SPA found; serving the API only (run npm run build:web)',
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, finish in-flight requests, close the database; a stuck close is cut after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`RangeForge is running at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
