// Painting as a player meets it, in a real browser against the real server: a chart is painted only in its own
// colours (the demo's one-colour "CO open" never turns a hand blue, and its range line and legend agree), "Create"
// opens the new range so the next paint lands there, and the weight field refuses what is no weight, in English and
// in Russian, at a phone's width and a desktop's.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { screenshotAtWidths, withAppAndBrowser, withPageIn } from './support/browser.ts';
import { ru } from './support/i18n.ts';
import { api, logInThroughForm, registerInPage } from './support/page-api.ts';
import { cell, openRange, saveState } from './support/range-page.ts';

const RAISE = '#D64545';

interface TreeNode {
  id: number;
  name: string;
  kind: string;
  children: TreeNode[];
}
type Pair = { hand: string; colors: { color: string; weight: number }[] };

const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
/** The first number of a text ("Range: 374 combos · 28.2%" → 374). */
const firstNumber = (text: string | null) => Number(/\d[\d,.\s]*/.exec(text ?? '')![0].replace(/[\s,]/g, ''));

const afterTwoFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );

/** The page at a phone's width and a desktop's, for looking at. */
const shoot = (page: Page, name: string) => screenshotAtWidths(page, name, [375, 1440]);

describe("painting in the chart's own colours", () => {
  const app = withAppAndBrowser();
  let page: Page;
  let token: string;
  let ranges: TreeNode[];
  const chart = (id: number) =>
    api<Pair[]>(app.server.baseUrl, token, `/api/v1/categories/range?category_id=${id}&begin=0&end=169`);

  beforeAll(async () => {
    page = app.page;
    const { demo } = app.server.accounts;
    await logInThroughForm(page, app.server.baseUrl, demo.email, demo.password);
    token = (await page.evaluate(() => localStorage.getItem('rangeforge.token')))!;
    const tree = await api<{ children: TreeNode[] }>(
      app.server.baseUrl,
      token,
      '/api/v1/categories/tree?root_type=preflop_root',
    );
    ranges = flat(tree.children).filter((node) => node.kind === 'range');
  });

  it('paints K5s of "CO open (28%)" in its one colour, and the range line and the legend agree', async () => {
    const coOpen = ranges.find((node) => node.name === 'CO open (28%)')!;
    const before = await chart(coOpen.id);
    expect(before.find((pair) => pair.hand === 'K5s')!.colors).toEqual([]);
    await page.goto(`${app.server.baseUrl}/`);
    await openRange(page, coOpen.id);
    const legend = page.locator('.range-button__choose', { hasText: 'Raise 2.5bb' });
    expect(await legend.getAttribute('aria-pressed')).toBe('true');
    const combos = firstNumber(await page.getByTestId('range-combos').textContent());
    expect(firstNumber(await legend.locator('.range-button__count').textContent())).toBe(combos);

    await cell(page, 'K5s').click();
    await expect.poll(() => cell(page, 'K5s').getAttribute('data-colors')).toBe(`${RAISE}:100`);
    // The four suited combos count in the range line and in the legend alike.
    await expect
      .poll(async () => firstNumber(await page.getByTestId('range-combos').textContent()))
      .toBe(combos + 4);
    expect(firstNumber(await legend.locator('.range-button__count').textContent())).toBe(combos + 4);
    await expect.poll(() => saveState(page)).toBe('saved');
    const after = await chart(coOpen.id);
    expect(after.find((pair) => pair.hand === 'K5s')!.colors).toEqual([{ color: RAISE, weight: 100 }]);
    expect(new Set(after.flatMap((pair) => pair.colors.map((entry) => entry.color)))).toEqual(
      new Set([RAISE]),
    );
    await shoot(page, 'chart-colors-co-open');
  });

  it('opens a range made with "Create" at once: the next paint is saved in it, not in the range open before', async () => {
    const coOpen = ranges.find((node) => node.name === 'CO open (28%)')!;
    const before = await chart(coOpen.id);
    await page.goto(`${app.server.baseUrl}/`);
    await openRange(page, coOpen.id);
    await page.getByLabel('New item', { exact: true }).fill('Limp test');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const opened = page.locator('.library-node__name[aria-current="true"]', { hasText: 'Limp test' });
    await opened.waitFor();
    expect(await cell(page, 'AA').getAttribute('data-weight')).toBe('0');
    await cell(page, '72o').click();
    await expect.poll(() => saveState(page)).toBe('saved');
    const id = Number(
      await opened.locator('xpath=ancestor::*[@data-node-id][1]').getAttribute('data-node-id'),
    );
    expect((await chart(id)).filter((pair) => pair.colors.length).map((pair) => pair.hand)).toEqual(['72o']);
    expect(await chart(coOpen.id)).toEqual(before);
  });
});

describe('the weight field refuses what is no weight', () => {
  const app = withAppAndBrowser();
  const russian = withPageIn(app, 'ru-RU');
  let page: Page;
  beforeAll(() => ({ page } = russian));

  it('says why in Russian and paints nothing with "abc", "" or "0"', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    const token = await registerInPage(page, 'vesovoy');
    await api(app.server.baseUrl, token, '/api/v1/users/language', { language: 'ru-RU' });
    await page.goto(`${app.server.baseUrl}/`);
    // Signed in, in Russian, with the account's (empty) library shown: nothing will replace the chart any more.
    await page.getByRole('button', { name: ru('common:header.logout') }).waitFor();
    await page.getByText(ru('ranges:library.empty')).waitFor();
    await page.locator('.range-grid[aria-busy="false"]').waitFor();
    const field = page.getByLabel(ru('ranges:toolbar.weight'));
    const alert = page.locator('.range-toolbar__weight-error');
    const cases: Array<[string, string]> = [
      ['abc', ru('ranges:toolbar.weightNotNumber', { text: 'abc' })],
      ['', ru('ranges:toolbar.weightEmpty')],
      ['0', ru('ranges:toolbar.weightOutOfRange')],
    ];
    for (const [typed, message] of cases) {
      await field.fill(typed);
      expect(await alert.textContent()).toBe(message);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await cell(page, 'AKs').click();
      // A paint renders in the task after its click, long before the second frame after it.
      await afterTwoFrames(page);
      expect(await cell(page, 'AKs').getAttribute('data-weight')).toBe('0');
      if (typed === 'abc') await shoot(page, 'weight-refused-ru');
    }
    await field.fill('40');
    expect(await alert.count()).toBe(0);
    await cell(page, 'AKs').click();
    await expect.poll(() => cell(page, 'AKs').getAttribute('data-weight')).toBe('40');
  });
});
