// The build's hashed assets from memory: read once at start with their build-time br and gzip siblings, each client
// sent the best form it accepts, revalidation and byte ranges as before, and no disk access per request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { memoryMailer } from './helpers/test-app.ts';

describe('hashed assets from memory', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-assets-'));
  const assets = path.join(dir, 'dist', 'assets');
  const script = Buffer.from(
    `export const table = ${JSON.stringify(Array.from({ length: 600 }, (_, i) => i))};\n`,
  );
  const style = Buffer.from('body{color:#fff}');
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>RangeForge</title>');
    fs.writeFileSync(path.join(assets, 'app-1a2b3c.js'), script);
    fs.writeFileSync(path.join(assets, 'app-1a2b3c.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(assets, 'app-1a2b3c.js.gz'), gzipSync(script));
    // Too small for siblings: the build leaves them out.
    fs.writeFileSync(path.join(assets, 'tiny-4d5e6f.css'), style);
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(dir, 'test.sqlite')}`,
      DATA_DIR: path.join(dir, 'data'),
      MEDIA_DIR: path.join(dir, 'media'),
      STATIC_DIR: path.join(dir, 'dist'),
      LOG_LEVEL: 'silent',
    });
    app = await buildApp(config, { mailer: memoryMailer([]), serveStatic: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('sends br, else gzip, else the original, each with the same validator and a year-long cache', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, br;q=0' });
    const plain = await get('/assets/app-1a2b3c.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(script)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    for (const response of [br, gzip, plain]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers.etag).toBe(plain.headers.etag);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    const small = await get('/assets/tiny-4d5e6f.css', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect([small.headers['content-type'], small.body]).toEqual([
      'text/css; charset=utf-8',
      style.toString(),
    ]);
  });

  it('answers a revalidation with 304 and a byte range with 206, the validator agreeing', async () => {
    const { etag } = (await get('/assets/app-1a2b3c.js')).headers;
    const revalidated = await get('/assets/app-1a2b3c.js', { 'if-none-match': String(etag) });
    expect([revalidated.statusCode, revalidated.rawPayload.length]).toEqual([304, 0]);
    const range = await get('/assets/app-1a2b3c.js', { range: 'bytes=0-9', 'if-range': String(etag) });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(script.subarray(0, 10))).toBe(true);
  });

  it('reads nothing from disk per request: a build replaced under a running instance still serves its own', async () => {
    fs.rmSync(path.join(assets, 'app-1a2b3c.js'));
    fs.rmSync(path.join(assets, 'app-1a2b3c.js.br'));
    const response = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(brotliDecompressSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('still answers 404 for an asset that is not there, and refuses a path out of the folder', async () => {
    for (const url of ['/assets/missing-000000.js', '/assets/', '/assets/..%2findex.html']) {
      const response = await get(url);
      expect([404, 403], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('<title>');
    }
  });
});
