import { describe, expect, it } from 'vitest';

import { loadConfig, SANDBOX_PUBLIC_ID } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:data/rangeforge.sqlite',
      smtpUrl: null,
      authRateLimit: 10,
      logLevel: 'info',
      publicBaseUrl: 'http://localhost:3000',
    });
    expect(config.cloudPayments).toMatchObject({ sandbox: true, publicId: SANDBOX_PUBLIC_ID });
  });

  it('rejects bad values at start-up', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk' })).toThrow(/CLOUDPAYMENTS/);
  });

  it('uses the real provider when both keys are set', () => {
    const config = loadConfig({ CLOUDPAYMENTS_PUBLIC_ID: 'pk_live', CLOUDPAYMENTS_API_SECRET: 's3cret' });
    expect(config.cloudPayments).toEqual({ publicId: 'pk_live', apiSecret: 's3cret', sandbox: false });
  });
});
