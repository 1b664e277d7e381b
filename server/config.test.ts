import { describe, expect, it } from 'vitest';

import { ConfigError, COST_RATE_LIMIT_DEFAULT, loadConfig, SANDBOX_PUBLIC_ID } from './config.ts';

describe('config', () => {
  it('has working defaults, with the sandbox on and no provider secret outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      // Test payments take no money: outside production only this machine may reach them.
      host: '127.0.0.1',
      databaseUrl: 'sqlite:data/rangeforge.sqlite',
      smtpUrl: null,
      authRateLimit: 10,
      logLevel: 'info',
      publicBaseUrl: 'http://localhost:3000',
    });
    // No secret: the public notification routes then refuse every call.
    expect(config.cloudPayments).toEqual({ sandbox: true, publicId: SANDBOX_PUBLIC_ID, apiSecret: '' });
  });

  it('rejects bad values at start-up', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk' })).toThrow(/CLOUDPAYMENTS/);
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk', CLOUDPAYMENTS_API_SECRET: 's', PAYMENTS_SANDBOX: '1' }),
    ).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('reads the per-user budget of store cost calls', () => {
    expect(loadConfig({}).costRateLimit).toBe(COST_RATE_LIMIT_DEFAULT);
    expect(loadConfig({ COST_RATE_LIMIT: '45' }).costRateLimit).toBe(45);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ COST_RATE_LIMIT: bad })).toThrow(/COST_RATE_LIMIT/);
    }
  });

  it('uses the real provider when both keys are set', () => {
    const config = loadConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk_live', CLOUDPAYMENTS_API_SECRET: 's3cret' });
    expect(config.cloudPayments).toEqual({ publicId: 'pk_live', apiSecret: 's3cret', sandbox: false });
  });

  describe('NODE_ENV=production', () => {
    const secret = { URL_SIGNING_SECRET: 'k'.repeat(32) };
    it('needs real keys or an explicit PAYMENTS_SANDBOX=1', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...secret })).toThrow(
        /CLOUDPAYMENTS_PUBLIC_ID.*CLOUDPAYMENTS_API_SECRET.*PAYMENTS_SANDBOX=1/,
      );
      const sandbox = loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...secret });
      expect(sandbox).toMatchObject({ production: true, cloudPayments: { sandbox: true, apiSecret: '' } });
      const live = loadConfig({
        NODE_ENV: 'production',
        CLOUDPAYMENTS_PUBLIC_ID: 'pk',
        CLOUDPAYMENTS_API_SECRET: 's',
        ...secret,
      });
      expect(live.cloudPayments.sandbox).toBe(false);
    });

    it('listens on every interface, as behind a reverse proxy; HOST still decides', () => {
      const production = { NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...secret };
      expect(loadConfig(production).host).toBe('0.0.0.0');
      expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
      expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    });

    it('needs URL_SIGNING_SECRET, used as given', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' })).toThrow(
        /URL_SIGNING_SECRET/,
      );
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...secret }).urlSigningSecret).toBe(
        secret.URL_SIGNING_SECRET,
      );
    });
  });

  it('keeps /metrics closed unless addresses or a long token are named', () => {
    expect(loadConfig({}).metrics).toEqual({ allow: [], token: null });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, ::1', METRICS_TOKEN: token }).metrics).toEqual({
      allow: ['10.0.0.0/8', '::1'],
      token,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(32)} b` })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  it('drains for a load balancer only in production unless told', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    const production = { NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', URL_SIGNING_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1_500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
