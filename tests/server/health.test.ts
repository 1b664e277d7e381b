import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { knownMigrationCount } from '../../server/db/migrate.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('health', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('answers ok with the dialect and schema version, after querying the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const latest = await knownMigrationCount(t.app.services.db);
    expect(latest).toBeGreaterThanOrEqual(4);
    expect(response.json()).toEqual({ data: { status: 'ok', database: kind, schema_version: latest } });
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

describe('static SPA and media', () => {
  it('serves index.html for client routes, files as they are, and JSON 404s under /api', async () => {
    const base = await createTestApp('sqlite');
    await base.app.close();
    fs.mkdirSync(base.config.staticDir, { recursive: true });
    fs.writeFileSync(
      path.join(base.config.staticDir, 'index.html'),
      '<!doctype html><title>RangeForge</title>',
    );
    fs.writeFileSync(path.join(base.config.staticDir, 'app.js'), 'console.log(1)');
    fs.mkdirSync(path.join(base.config.mediaDir, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(base.config.mediaDir, 'avatars', 'a.webp'), 'webp');
    const app = await buildApp(base.config, { serveStatic: true });
    try {
      const route = await app.inject({ method: 'GET', url: '/profile' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('<title>RangeForge</title>');
      expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      expect((await app.inject({ method: 'GET', url: '/media/avatars/a.webp' })).body).toBe('webp');
      expect((await app.inject({ method: 'GET', url: '/media/avatars/missing.webp' })).statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/v1/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('notFound');
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await base.close();
    }
  });

  it('still serves the API and avatars when no SPA is built', async () => {
    const base = await createTestApp('sqlite');
    await base.app.close();
    const app = await buildApp(base.config, { serveStatic: true });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/profile' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await base.close();
    }
  });
});
