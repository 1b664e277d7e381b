import { DataEnvelope } from '../../../../contract/envelope.ts';
import { Health } from '../../../../contract/health.ts';
import { API } from '../../../../contract/paths.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';

export const healthRoutes: RoutePlugin = async (app) => {
  app.get(
    API.health,
    { schema: { tags: ['health'], response: { 200: DataEnvelope(Health), 503: DataEnvelope(Health) } } },
    async (request, reply) => {
      const { health, failure } = await app.services.health.check();
      if (failure !== null) {
        request.log.error({ err: failure }, 'health write probe failed');
        reply.status(503).header('retry-after', '30');
      }
      return { data: health };
    },
  );
};
