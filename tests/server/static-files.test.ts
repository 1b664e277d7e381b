// A file path that is not there (a legal PDF under a short or unknown language code, a missing
// asset) answers 404, not the SPA's HTML with 200; the PDFs of the four languages and client routes still serve.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const publicDocs = fileURLToPath(new URL('../../public/docs/', import.meta.url));

describe('static files and the history fallback', () => {
  let base: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    base = await createTestApp('sqlite');
    await base.app.close();
    // The built SPA's layout: index.html and public/ copied as is (vite build).
    fs.mkdirSync(base.config.staticDir, { recursive: true });
    fs.writeFileSync(
      path.join(base.config.staticDir, 'index.html'),
      '<!doctype html><title>RangeForge</title>',
    );
    fs.cpSync(publicDocs, path.join(base.config.staticDir, 'docs'), { recursive: true });
    app = await buildApp(base.config, { serveStatic: true });
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });

  it('serves the legal PDFs of the four languages', async () => {
    for (const language of ['en-US', 'ru-RU', 'zh-CN', 'es-ES']) {
      for (const file of ['privacy.pdf', 'return_policy.pdf', 'terms_and_contitions.pdf']) {
        const response = await app.inject({ method: 'GET', url: `/docs/${language}/${file}` });
        expect(response.statusCode, `${language}/${file}`).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
  });

  it('answers 404 for unknown language codes and missing files instead of the app', async () => {
    for (const url of [
      '/docs/en/privacy.pdf',
      '/docs/ru/terms_and_contitions.pdf',
      '/docs/zh/return_policy.pdf',
      '/docs/fr-FR/privacy.pdf',
      '/docs/en-US/missing.pdf',
      '/docs/',
      '/assets/missing.js',
      '/missing.css',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ error: 'Not found', code: 'notFound' });
    }
  });

  it('still answers client routes with the app', async () => {
    for (const url of ['/profile', '/store/1', '/auth/register/ab12cd', '/tournament?x=1.5']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>RangeForge</title>');
    }
  });
});
