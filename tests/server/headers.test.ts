import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../server/config.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** The CSP as a map of directive → sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describeEachDatabase('security headers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('sends a CSP that runs wasm workers from self and nothing inline, on API answers and errors alike', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/api/v1/categories/tree']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      const all = [...csp.values()].flat();
      expect(all).not.toContain("'unsafe-inline'");
      expect(all).not.toContain("'unsafe-eval'");
      // Plain http (no TRUST_PROXY): no upgrade of asset requests, no HSTS.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });
});

describe('API documentation', () => {
  it('allows inline styles (Swagger UI injects them) on its own pages only, never inline scripts', async () => {
    const t = await createTestApp('sqlite');
    try {
      const docs = directives(
        (await t.app.inject({ method: 'GET', url: '/api/docs/' })).headers['content-security-policy'],
      );
      expect(docs.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(docs.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      const api = directives(
        (await t.app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy'],
      );
      expect(api.get('style-src')).toEqual(["'self'"]);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('parses a hop count or an address list, and refuses anything else with the variable named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '0', '11', 'proxy.example.com', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('behind a trusted proxy: HSTS and upgrade-insecure-requests, and the client address from X-Forwarded-For', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '2' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
        true,
      );
      // Two clients behind the same proxy each get their own login budget.
      const login = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: {},
          headers: { 'x-forwarded-for': ip },
          remoteAddress: '10.0.0.2',
        });
      const first = [await login('198.51.100.1'), await login('198.51.100.1'), await login('198.51.100.1')];
      expect(first.map((r) => r.statusCode)).toEqual([400, 400, 429]);
      expect((await login('198.51.100.2')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh login budget', async () => {
    const t = await createTestApp('sqlite', { AUTH_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: {},
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          remoteAddress: '127.0.0.1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await t.close();
    }
  });

  it(".env.example's TRUST_PROXY trusts only a proxy on this host: a stranger connecting directly forges nothing", async () => {
    // Copying the example is the documented deploy step; a hop count there would trust whoever connects, and a
    // server reachable without the proxy would then let anyone pick the address the rate limits count.
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const value = /^TRUST_PROXY=(.*)$/m.exec(example)?.[1] ?? '';
    expect(value).not.toBe('');
    const t = await createTestApp('sqlite', { TRUST_PROXY: value, AUTH_RATE_LIMIT: '2' });
    try {
      const login = (remoteAddress: string, forwarded: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: {},
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress,
        });
      const direct = [];
      for (let i = 0; i < 3; i += 1) direct.push((await login('203.0.113.7', `198.51.100.${i}`)).statusCode);
      expect(direct).toEqual([400, 400, 429]);
      // Through the local proxy each client keeps its own budget.
      expect((await login('127.0.0.1', '198.51.100.20')).statusCode).toBe(400);
      expect((await login('127.0.0.1', '198.51.100.21')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('an IPv6 client is counted by its /64 network (it holds 2^64 addresses), an IPv4-mapped one as its IPv4', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '2' });
    try {
      const register = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: {},
          headers: { 'x-forwarded-for': ip },
          remoteAddress: '10.0.0.2',
        });
      const rotated = [];
      for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2:ffff:ffff:ffff:ffff']) {
        rotated.push((await register(ip)).statusCode);
      }
      expect(rotated).toEqual([400, 400, 429]);
      // The next /64 is another network (another customer of the same provider).
      expect((await register('2001:db8:1:3::1')).statusCode).toBe(400);
      const mapped = [await register('198.51.100.7'), await register('::ffff:198.51.100.7')];
      expect(mapped.map((response) => response.statusCode)).toEqual([400, 400]);
      expect((await register('198.51.100.7')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with real card-provider keys the CSP allows the provider widget and nothing more', async () => {
    const t = await createTestApp('sqlite', {
      CLOUDPAYMENTS_PUBLIC_ID: 'pk_test',
      CLOUDPAYMENTS_API_SECRET: 'secret',
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://*.cloudpayments.ru']);
      expect(csp.get('frame-src')).toEqual(['https://*.cloudpayments.ru']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await t.close();
    }
  });
});
