import type { FastifyInstance } from 'fastify';

import { registerRequestContext } from '../lib/request-context.ts';

/** Requests no route matched (unknown paths, the SPA's history fallback): one label, not one per URL tried. */
const UNMATCHED = 'unmatched';

/**
 * What an operator sees of each request: its id (sent back as X-Request-Id, on every log line of it), its count,
 * status and latency by route template in /metrics, and while the instance drains for a shutdown `Connection: close`
 * on every answer, so clients and proxies open their next connection to an instance that stays.
 */
export function registerObservability(app: FastifyInstance): void {
  registerRequestContext(app);
  const { metrics, health } = app.services;
  // Callback hooks: nothing here waits, and an async hook costs every request a promise and a tick.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (health.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
