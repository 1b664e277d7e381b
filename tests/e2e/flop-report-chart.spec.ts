// The flop report and the next cards as a player meets them, in a real browser against the real server: /flop-report
// opened directly (and reloaded there) takes up the player's last chart and lets them pick another; its bar charts
// carry values on their axes and over their bars, in Russian; the next cards' equities are written under the cards,
// readable at 375 px as at 1440 px without pointing, and agree with the engine command line.
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { ARTIFACTS_DIR, screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { heroEquity } from './support/equity-cli.ts';
import { ru } from './support/i18n.ts';
import { api, registerInPage } from './support/page-api.ts';
import { openRange } from './support/range-page.ts';

const HERO = 'AA,KK';
const VILLAIN = 'QQ,JJ';
const RAISE = '#D64545';
const CALL = '#2E9E5B';

/** The page at a phone's width and a desktop's, for looking at. */
const shoot = (page: Page, name: string) => screenshotAtWidths(page, name, [375, 1440]);

const colored = (hands: string[], color: string) =>
  hands.map((hand) => ({ hand, colors: [{ color, weight: 100 }] }));

describe('the flop report opened directly, and the next cards', () => {
  const app = withAppAndBrowser();
  let page: Page;
  let token: string;
  let chart: number;
  let other: number;

  beforeAll(async () => {
    page = app.page;
    await page.goto(`${app.server.baseUrl}/`);
    token = await registerInPage(page, 'flopper');
    const create = (name: string, pairs: unknown[]) =>
      api<{ id: number }>(app.server.baseUrl, token, '/api/v1/categories', {
        name,
        kind: 'range',
        root_type: 'preflop_root',
        parent_id: null,
        buttons: [
          { color: RAISE, label: 'Raise' },
          { color: CALL, label: 'Call' },
        ],
        pairs,
      });
    chart = (
      await create('Pairs vs pairs', [...colored(['AA', 'KK'], RAISE), ...colored(['QQ', 'JJ'], CALL)])
    ).id;
    other = (await create('Aces vs tens', [...colored(['AA'], RAISE), ...colored(['TT'], CALL)])).id;
  });

  it("writes each next card's equity under it at 375 and 1440 px, as the command line computes it", async () => {
    await page.goto(`${app.server.baseUrl}/`);
    await openRange(page, chart);
    await page.getByRole('radio', { name: 'Board' }).click();
    for (const card of ['Qs', '7h', '2d']) await page.locator(`.deck-card[data-card="${card}"]`).click();
    const king = page.locator('.next-card[data-card="Kc"]');
    await king.waitFor({ timeout: 60_000 });
    const expected = `${(heroEquity(HERO, VILLAIN, 'Qs7h2dKc') * 100).toFixed(1)}%`;
    expect(await king.locator('.next-card__equity').textContent()).toBe(expected);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // On a phone the range tool shows one part at a time: the next cards live in its Equity tab.
      const tabs = page.getByRole('tablist', { name: 'Parts of the range tool' });
      if (width < 768) await tabs.getByRole('tab', { name: 'Equity' }).click();
      await king.scrollIntoViewIfNeeded();
      // Written on the page, inside the screen: no tooltip to point at.
      expect(await king.locator('.next-card__equity').isVisible()).toBe(true);
      const box = (await king.locator('.next-card__equity').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const count = await page.locator('.next-card').count();
      expect(await page.locator('.next-card__equity').count()).toBe(count);
      await page.locator('.next-cards').screenshot({ path: join(ARTIFACTS_DIR, `next-cards-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('takes up the last chart when opened directly and after a reload, in Russian, with values on its charts', async () => {
    await api(app.server.baseUrl, token, '/api/v1/users/language', { language: 'ru-RU' });
    await page.goto(`${app.server.baseUrl}/flop-report`);
    await page.getByRole('heading', { name: ru('flopReport:title'), level: 1 }).waitFor();
    const picker = page.getByLabel(ru('flopReport:source.label'));
    await expect.poll(() => picker.inputValue()).toBe(String(chart));
    expect(await page.getByText(ru('flopReport:sides.emptyPick')).count()).toBe(0);
    expect(await page.locator('[data-side="hero"]').textContent()).toContain(
      ru('flopReport:sides.combos', { count: 12 }),
    );

    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe(String(chart));
    await page.getByRole('button', { name: ru('flopReport:run') }).click();
    await page.getByTestId('flop-report-equity').waitFor({ timeout: 180_000 });
    const ticks = await page.locator('.flop-chart').first().locator('.flop-chart__tick').allTextContents();
    expect(ticks.map((tick) => tick.replace(/\s/g, ''))).toEqual(['0%', '25%', '50%', '75%', '100%']);
    const values = await page.locator('.flop-chart').first().locator('.flop-chart__value').allTextContents();
    expect(values.length).toBeGreaterThan(0);
    expect(await page.locator('.flop-chart').nth(1).locator('.flop-chart__value').count()).toBeGreaterThan(0);
    await shoot(page, 'flop-report-ru');
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const top = page.locator('.flop-report__sides');
      await top.screenshot({ path: join(ARTIFACTS_DIR, `flop-report-source-ru-${width}.png`) });
      await page
        .locator('.flop-report__charts')
        .screenshot({ path: join(ARTIFACTS_DIR, `flop-report-charts-ru-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Another chart of the library, picked on the page: the report is on it now.
    await picker.selectOption(String(other));
    await expect
      .poll(() => page.locator('[data-side="villain"]').textContent())
      .toContain(ru('flopReport:sides.combos', { count: 6 }));
    await page.getByText(ru('flopReport:stale')).waitFor();
  });
});
