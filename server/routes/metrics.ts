import { API } from '../../contract/paths.ts';
import { forbidden } from '../lib/http-error.ts';
import type { RoutePlugin } from '../lib/type-provider.ts';
import { metricsAccess } from '../modules/metrics/metrics.service.ts';

/**
 * `/metrics` in the Prometheus text format, for the operator's scraper: from an address in METRICS_ALLOW or with
 * `Authorization: Bearer <METRICS_TOKEN>`; everyone else gets 403, and with neither configured so does everyone.
 */
export const metricsRoutes: RoutePlugin = async (app) => {
  const mayRead = metricsAccess(app.services.config.metrics);
  app.get(API.metrics, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request.ip, request.headers.authorization)) throw forbidden();
    const { contentType, body } = await app.services.metrics.render();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
};
