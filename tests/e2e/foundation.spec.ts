// The thin vertical slice: the SPA shell, the API answering from the database, and the wasm engine answering
// through the worker pool, all in a real browser against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AppServer, startAppServer } from './support/app-server.ts';
import { type BrowserSession, launchBrowser, screenshotAtWidths } from './support/browser.ts';

/** Relative luminance of an `rgb(r, g, b)` CSS colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

describe('foundation slice', () => {
  let server: AppServer;
  let session: BrowserSession;

  beforeAll(async () => {
    server = await startAppServer();
    session = await launchBrowser();
  });

  afterAll(async () => {
    await session?.close();
    await server?.stop();
  });

  it('renders the SPA shell at / in the dark theme with a green primary colour', async () => {
    const { page } = session;
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Equity calculator' }).waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(background)).toBeLessThan(0.2);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    const [r = 0, g = 0, b = 0] = (primary.match(/^#(..)(..)(..)$/)?.slice(1) ?? []).map((hex) =>
      parseInt(hex, 16),
    );
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it('answers /api/v1/health from the database', async () => {
    const body = (await session.page.evaluate(async () => (await fetch('/api/v1/health')).json())) as {
      data: { status: string; database: string; schema_version: number };
    };
    expect(body).toMatchObject({ data: { status: 'ok', database: 'sqlite' } });
    expect(body.data.schema_version).toBeGreaterThan(0);
  });

  it('loads the wasm engine in workers and computes exact equity and hand ranks', async () => {
    const { page } = session;
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/Engine \d+\.\d+\.\d+ ready/);
    await page.getByLabel('Hero').fill('AhKh');
    await page.getByLabel('Villain').fill('QsQd');
    await page.getByLabel('Board').fill('Jh8h2c');
    // Published value for AhKh vs QsQd on Jh8h2c: 54.4444 %.
    await expect
      .poll(() => page.locator('.equity-results__equity').first().textContent(), { timeout: 30_000 })
      .toBe('54.44%');
    await page.getByLabel('Board').fill('QhJhTh2c3d');
    await expect
      .poll(() => page.getByTestId('hero-hand').textContent(), { timeout: 30_000 })
      .toContain('Straight flush');
    await screenshotAtWidths(page, 'foundation-equity');
  });
});
