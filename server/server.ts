import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { loadEnvFile } from './lib/env-file.ts';
import { StartupError } from './lib/preflight.ts';

/** Whether `host` only listens on this machine. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * `npm run serve`: the API plus the built SPA (STATIC_DIR, history fallback) and uploaded media (MEDIA_DIR).
 * Without a built SPA the API still runs.
 */
async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  const app = await buildApp(config, { serveStatic: true });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = config.shutdownDrainMs;
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    // Readiness turns false at once while requests are still served, so the load balancer, polling
    // /api/v1/health/ready, stops sending any before the listener closes. Then: stop accepting, finish in-flight
    // requests and the mail being delivered, close the database pool and Redis. A stuck close is cut after 10 s.
    app.services.health.drain();
    setTimeout(() => {
      app.log.info('shutting down: closing');
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }, drainMs);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`RangeForge is running at http://localhost:${port}`);
  if (config.cloudPayments.sandbox && !isLoopback(config.host)) {
    console.warn(
      `HOST=${config.host} with test card payments: anyone who reaches this address can take Premium and the store ` +
        'without paying. Serve players with NODE_ENV=production and the card provider keys (docs/production.md).',
    );
  }
}

main().catch((error: unknown) => {
  // A known start-up problem (a configuration refused, storage that cannot take writes) is one clear line for the
  // operator, naming what to fix; anything else keeps its stack.
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(`RangeForge cannot start: ${error.message}`);
  } else console.error(error);
  process.exit(1);
});
