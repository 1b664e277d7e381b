import { DataEnvelope } from '../../../../contract/envelope.ts';
import { Health } from '../../../../contract/health.ts';
import { API } from '../../../../contract/paths.ts';
import { schemaVersion } from '../../../db/migrate.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';

export const healthRoutes: RoutePlugin = async (app) => {
  app.get(API.health, { schema: { tags: ['health'], response: { 200: DataEnvelope(Health) } } }, async () => {
    const { db } = app.services;
    return { data: { status: 'ok' as const, database: db.dialect, schema_version: await schemaVersion(db) } };
  });
};
