import http from 'node:http';
import type { AddressInfo } from 'node:net';

import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config.ts';
import { helmetOptions, registerSecurityHeaders, securityHeaders } from './security-headers.ts';

/** What helmet itself writes on a real Node response for these options: the oracle the precomputed set must equal. */
async function helmetOnRealResponse(options: Parameters<typeof helmet>[0]): Promise<Record<string, string>> {
  const server = http.createServer((request, response) => {
    helmet(options)(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    const transport = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);
    response.headers.forEach((value, name) => {
      if (!transport.has(name)) headers[name] = value;
    });
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers computed once', () => {
  for (const [label, env] of [
    ['plain http, sandbox payments', {}],
    [
      'behind a trusted proxy with real provider keys',
      { TRUST_PROXY: '1', CLOUDPAYMENTS_PUBLIC_ID: 'pk_test', CLOUDPAYMENTS_API_SECRET: 'secret' },
    ],
  ] as const) {
    it(`are the headers helmet writes per request (${label})`, async () => {
      const options = helmetOptions(loadConfig({ LOG_LEVEL: 'silent', ...env }));
      const expected = await helmetOnRealResponse(options);
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      expect(securityHeaders(options)).toEqual(expected);
    });
  }

  it('are sent on answers of every route and on errors', async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, loadConfig({ LOG_LEVEL: 'silent' }));
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    try {
      for (const url of ['/ok', '/fails', '/missing']) {
        const response = await app.inject({ url });
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      }
    } finally {
      await app.close();
    }
  });
});
