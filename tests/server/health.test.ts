import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeEachDatabase, type TestApp, createTestApp } from './helpers/test-app.ts';

describeEachDatabase('health', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('answers ok with the dialect and schema version, after querying the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok', database: kind, schema_version: 1 } });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/v1/health']).toBeDefined();
  });

  it('answers unknown API paths with a 404 error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'notFound' });
  });
});
