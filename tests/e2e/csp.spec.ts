// The real server's Content-Security-Policy in a real browser: the SPA, the wasm engine in its workers and the API
// documentation run under it with no violation, and a violation does get reported (the watch can fail).
import { describe, expect, it } from 'vitest';

import { launchBrowser, withAppAndBrowser } from './support/browser.ts';
import { playHandAgainstText } from './support/page-api.ts';

describe('content security policy', () => {
  const app = withAppAndBrowser();

  it('serves the SPA with a CSP that allows wasm in workers and nothing inline', async () => {
    const response = await app.session.page.goto(`${app.server.baseUrl}/`);
    const csp = (await response?.headerValue('content-security-policy')) ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await response?.headerValue('x-content-type-options')).toBe('nosniff');
  });

  it('computes equity in the wasm workers under the CSP without a single violation', async () => {
    const { page } = app.session;
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/Engine \d+\.\d+\.\d+ ready/);
    // AhKh against QQ typed as the opponent's range, on Jh8h2c, through the range tool's equity workspace;
    // `npm run equity -- --hero AhKh --villain QQ --board Jh8h2c` gives 0.531818.
    await playHandAgainstText(page, ['Ah', 'Kh'], 'QQ', ['Jh', '8h', '2c']);
    await expect
      .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
      .toContain('53.18%');
    expect(app.session.cspViolations()).toEqual([]);
  });

  it('renders the other pages and the API documentation without a violation', async () => {
    const { page } = app.session;
    for (const path of ['/tournament', '/store', '/auth/login', '/auth/register', '/profile', '/api/docs/']) {
      await page.goto(`${app.server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.locator('.swagger-ui').first().waitFor({ timeout: 30_000 });
    expect(app.session.cspViolations()).toEqual([]);
  });

  it('reports a violation when the page tries something the CSP forbids (the watch can fail)', async () => {
    const probe = await launchBrowser();
    try {
      await probe.page.goto(`${app.server.baseUrl}/auth/login`);
      await probe.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inline = true';
        document.body.append(script);
      });
      await expect.poll(() => probe.cspViolations().length).toBeGreaterThan(0);
      expect(probe.cspViolations().join('\n')).toMatch(/script-src/);
      // And it was blocked: the inline script never ran.
      expect(await probe.page.evaluate(() => (window as { __inline?: boolean }).__inline ?? false)).toBe(
        false,
      );
    } finally {
      await probe.close().catch(() => undefined);
    }
  });
});
