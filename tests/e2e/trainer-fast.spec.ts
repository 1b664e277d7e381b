// The trainer for a fast player on a tight chart, in a real browser against the real server with its default write
// budget. Dealt uniformly, a 4% chart gave 39 trivial folds in 40 hands, and 120 fast answers in 33 s ended in "Too
// many requests". Now: the hands at the chart's border come far more often (with a setting to deal every hand as at
// the table), and 200 answers as fast as the keyboard goes all reach the server with no 429. The oracles are the
// chart the test made (which classes it plays, and so which are far from it) and the server's own summary.
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { tr, untranslated } from './support/i18n.ts';
import { api, register } from './support/page-api.ts';

const RAISE = '#D64545';
const RANKS = 'AKQJT98765432';
// 99+, AKs, AKo: 52 combos of 1,326 (3.9%).
const PLAYED = new Set(['AA', 'KK', 'QQ', 'JJ', 'TT', '99', 'AKs', 'AKo']);

/** The grid place of a class from its ranks: pairs on the diagonal, suited above it, offsuit below. */
function place(hand: string): [number, number] {
  const [a, b] = [RANKS.indexOf(hand[0]!), RANKS.indexOf(hand[1]!)];
  return hand.endsWith('o') ? [b, a] : [a, b];
}

/** A fold with no played class among the eight cells around it: the hand the old deal gave 39 times in 40. */
function farFold(hand: string): boolean {
  if (PLAYED.has(hand)) return false;
  const [row, col] = place(hand);
  return ![...PLAYED].some((played) => {
    const [r, c] = place(played);
    return Math.abs(r - row) <= 1 && Math.abs(c - col) <= 1;
  });
}

describe('the trainer for a fast player', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  let token: string;
  let chartId: number;
  const statuses: number[] = [];

  beforeAll(async () => {
    server = app.server;
    page = app.page;
    token = await register(page, server.baseUrl, 'fastplayer');
    const chart = await api<{ id: number }>(server.baseUrl, token, '/api/v1/categories', {
      name: 'UTG 4%',
      kind: 'range',
      root_type: 'preflop_root',
      parent_id: null,
      buttons: [{ color: RAISE, label: 'Raise 3x' }],
      pairs: [...PLAYED].map((hand) => ({ hand, colors: [{ color: RAISE, weight: 100 }] })),
    });
    chartId = chart.id;
    page.on('response', (response: Response) => {
      if (response.url().endsWith('/api/v1/trainer/answers')) statuses.push(response.status());
    });
  });

  /** Answers `count` hands as fast as the keys go, each right by the chart; the classes dealt. */
  async function drill(count: number): Promise<string[]> {
    const dealt: string[] = [];
    const heading = page.locator('#trainer-hand');
    for (let index = 0; index < count; index += 1) {
      await page.locator('.trainer-action:enabled').first().waitFor();
      const hand = (await heading.getAttribute('data-hand'))!;
      dealt.push(hand);
      await page.keyboard.press(PLAYED.has(hand) ? '1' : '0');
      await page.locator('.trainer-verdict[data-correct="true"]').waitFor();
      await page.keyboard.press('Space');
    }
    return dealt;
  }

  const summary = () =>
    api<{ hands: number; correct: number }>(server.baseUrl, token, '/api/v1/trainer/summary');

  it('deals mostly the hands at the chart’s border, and takes 200 fast answers with no 429', async () => {
    await page.goto(`${server.baseUrl}/trainer`);
    await page.locator(`.trainer-picker__train[data-chart-id="${chartId}"]`).click();
    expect(await page.getByRole('radio', { name: /^Hands that teach most/ }).isChecked()).toBe(true);

    const started = Date.now();
    const dealt = await drill(200);
    const seconds = (Date.now() - started) / 1000;
    // Dealt as at the table, 84% of the hands would be far folds (1,108 combos of 1,326); here about a third.
    const far = dealt.filter(farFold).length / dealt.length;
    expect(far).toBeLessThan(0.55);
    expect(dealt.filter((hand) => PLAYED.has(hand)).length).toBeGreaterThan(10);

    await page.getByTestId('trainer-saving').getByText('All answers saved').waitFor({ timeout: 15_000 });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Far fewer requests than answers: batches, each one write of the budget (120 a minute by default).
    expect(statuses.length).toBeLessThanOrEqual(Math.ceil(200 / 20) + Math.ceil(seconds / 3) + 1);
    expect(await summary()).toMatchObject({ hands: 200, correct: 200 });
  }, 240_000);

  it('deals every hand as at the table when the player asks, and remembers the choice', async () => {
    await page.getByRole('radio', { name: /^Every hand as dealt/ }).check();
    // The hand on the table was dealt before the change; the ones after it follow the new setting.
    const dealt = (await drill(101)).slice(1);
    const far = dealt.filter(farFold).length / dealt.length;
    expect(far).toBeGreaterThan(0.65);
    await page.getByTestId('trainer-saving').getByText('All answers saved').waitFor({ timeout: 15_000 });
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await summary()).hands).toBe(301);

    await page.reload();
    await page.locator(`.trainer-picker__train[data-chart-id="${chartId}"]`).click();
    expect(await page.getByRole('radio', { name: /^Every hand as dealt/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^Hands that teach most/ }).check();
  }, 240_000);

  it('reads in Russian at 375 and 1440 px, with nothing left untranslated', async () => {
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'ru-RU' });
    await page.goto(`${server.baseUrl}/trainer`);
    await page.locator(`.trainer-picker__train[data-chart-id="${chartId}"]`).click();
    await drill(3);
    await page.getByText(tr('ru-RU', 'trainer:deal.label')).waitFor();
    await page.getByText(tr('ru-RU', 'trainer:saving.saved')).waitFor({ timeout: 15_000 });
    await page.keyboard.press('1');
    expect(await untranslated(page, 'ru-RU')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotAtWidths(page, 'trainer-deal-ru');
    await page.setViewportSize({ width: 1440, height: 900 });
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'en-US' });
  }, 120_000);
});
