import { DataEnvelope } from '../../../../contract/envelope.ts';
import { Health, Liveness, Readiness } from '../../../../contract/health.ts';
import { API } from '../../../../contract/paths.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';

export const healthRoutes: RoutePlugin = async (app) => {
  const tags = ['health'];
  app.get(
    API.health,
    { schema: { tags, response: { 200: DataEnvelope(Health), 503: DataEnvelope(Health) } } },
    async (request, reply) => {
      const { health, failure } = await app.services.health.check();
      if (failure !== null) {
        request.log.error({ err: failure }, 'health write probe failed');
        reply.status(503).header('retry-after', '30');
      }
      return { data: health };
    },
  );
  app.get(
    API.healthLive,
    {
      schema: {
        tags,
        description:
          'Liveness: the process answers (no database read). Restart the instance when this fails.',
        response: { 200: DataEnvelope(Liveness) },
      },
    },
    async () => ({ data: { status: 'live' as const } }),
  );
  app.get(
    API.healthReady,
    {
      schema: {
        tags,
        description:
          'Readiness: 200 when the database answers, migrations are current and the instance is not draining for ' +
          'a shutdown; 503 otherwise. Send traffic only to ready instances.',
        response: { 200: DataEnvelope(Readiness), 503: DataEnvelope(Readiness) },
      },
    },
    async (_request, reply) => {
      const readiness = await app.services.health.readiness();
      if (!readiness.ready) reply.status(503);
      return { data: readiness };
    },
  );
};
