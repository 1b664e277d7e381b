import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loadEnvFile } from '../../server/lib/env-file.ts';
import { memoryMailer } from './helpers/test-app.ts';

// The production serving rules: content-hashed assets cached for ever, everything else revalidated, build-time
// brotli siblings sent when the client accepts them, API answers compressed on the fly.
describe('serving the built SPA', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-serving-'));
  const dist = path.join(dir, 'dist');
  const wasm = Buffer.alloc(64 * 1024, 7);
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RangeForge</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'engine-abc123.wasm'), wasm);
    fs.writeFileSync(path.join(dist, 'assets', 'engine-abc123.wasm.br'), brotliCompressSync(wasm));
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(dir, 'test.sqlite')}`,
      DATA_DIR: path.join(dir, 'data'),
      MEDIA_DIR: path.join(dir, 'media'),
      STATIC_DIR: dist,
      LOG_LEVEL: 'silent',
    });
    app = await buildApp(config, { mailer: memoryMailer([]), serveStatic: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed with an immutable, year-long cache', async () => {
    const response = await app.inject({
      url: '/assets/engine-abc123.wasm',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('application/wasm');
    expect(brotliDecompressSync(response.rawPayload).equals(wasm)).toBe(true);
  });

  it('sends the original to a client that accepts no compression', async () => {
    const response = await app.inject({ url: '/assets/engine-abc123.wasm' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(wasm)).toBe(true);
  });

  it('revalidates the page itself and the history fallback', async () => {
    for (const url of ['/', '/store']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>RangeForge</title>');
    }
  });

  it('compresses large API answers on the fly', async () => {
    const response = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'));
    expect(document.info.title).toBe('RangeForge API');
  });
});

describe('.env loading', () => {
  it('fills unset variables from the file and leaves the real environment alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-env-'));
    const file = path.join(dir, 'test.env');
    fs.writeFileSync(file, 'RF_TEST_FROM_FILE=file\nRF_TEST_BOTH=file\n');
    process.env.RF_TEST_BOTH = 'environment';
    try {
      expect(loadEnvFile({ ENV_FILE: file })).toBe(file);
      expect(process.env.RF_TEST_FROM_FILE).toBe('file');
      expect(process.env.RF_TEST_BOTH).toBe('environment');
      expect(() => loadEnvFile({ ENV_FILE: path.join(dir, 'missing.env') })).toThrow(/does not exist/);
    } finally {
      delete process.env.RF_TEST_FROM_FILE;
      delete process.env.RF_TEST_BOTH;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
