// The service worker is served so that browsers find a new version at once (never cached for a
// year like the hashed assets) and the CSP lets the page register it and the worker load its Workbox runtime.
import fs from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('service worker serving', () => {
  let base: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    base = await createTestApp('sqlite');
    await base.app.close();
    // The layout vite-plugin-pwa writes: sw.js and its Workbox runtime beside index.html, hashed files in assets/.
    const dir = base.config.staticDir;
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>RangeForge</title>');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'importScripts("/workbox-abc123.js");');
    fs.writeFileSync(path.join(dir, 'workbox-abc123.js'), 'self.workbox = {};');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
    app = await buildApp(base.config, { serveStatic: true });
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });

  it('revalidates sw.js on every check, as JavaScript, under a CSP that allows same-origin workers', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
    const runtime = await app.inject({ method: 'GET', url: '/workbox-abc123.js' });
    expect(runtime.statusCode).toBe(200);
  });

  it('keeps hashed assets immutable, so the precache and the HTTP cache agree', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
