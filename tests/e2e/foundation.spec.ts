// The thin vertical slice: the SPA shell, the API answering from the database, and the wasm engine answering
// through the worker pool, all in a real browser against the real app.server.

import { describe, expect, it } from 'vitest';

import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { cliEquity } from './support/equity-cli.ts';
import { playHandAgainstText } from './support/page-api.ts';

/** Relative luminance of an `rgb(r, g, b)` CSS colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

describe('foundation slice', () => {
  const app = withAppAndBrowser();

  it('renders the SPA shell at / in the dark theme with a green primary colour', async () => {
    const { page } = app.session;
    await page.goto(`${app.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Equity', exact: true }).waitFor();
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
    const body = (await app.session.page.evaluate(async () => (await fetch('/api/v1/health')).json())) as {
      data: { status: string; database: string; schema_version: number };
    };
    expect(body).toMatchObject({ data: { status: 'ok', database: 'sqlite' } });
    expect(body.data.schema_version).toBeGreaterThan(0);
  });

  it('loads the wasm engine in workers and computes exact equity and hand ranks', async () => {
    const { page } = app.session;
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/Engine \d+\.\d+\.\d+ ready/);
    // The hand AhKh against the opponent's range typed as text (QQ, six combos) on Jh8h2c, as the engine CLI has it.
    await playHandAgainstText(page, ['Ah', 'Kh'], 'QQ', ['Jh', '8h', '2c']);
    await expect
      .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
      .toContain(cliEquity('AhKh', 'QQ', 'Jh8h2c'));
    await page.getByRole('button', { name: 'Clear cards' }).click();
    for (const card of ['Qh', 'Jh', '10h', '2c', '3d']) {
      await page.locator(`.deck-card[data-card="${card}"]`).click();
    }
    await expect
      .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
      .toContain('Straight flush');
    await screenshotAtWidths(page, 'foundation-equity');
  });
});
