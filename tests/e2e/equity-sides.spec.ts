// "My range against his", in a real browser against the real server: every player of the equity takes its range from
// any source (this chart's actions, another chart, typed text, hole cards), independent of the others and of the
// chart. The figures are checked against the engine's command line for the same ranges.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { cliEquity } from './support/equity-cli.ts';
import { api, logInInPage, logInToken } from './support/page-api.ts';

interface TreeNode {
  id: number;
  name: string;
  kind: string;
  children: TreeNode[];
}
interface Pair {
  hand: string;
  colors: Array<{ color: string; weight: number }>;
}

/** The range of a tree path ("My push/fold", "SB push", "10bb"). */
function findRange(nodes: TreeNode[], path: string[]): TreeNode {
  const [name, ...rest] = path;
  const node = nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no ${name} in ${nodes.map((candidate) => candidate.name).join(', ')}`);
  return rest.length ? findRange(node.children, rest) : node;
}

/** A chart as PokerStove text, every colour's weight summed per class, read from the API (not the page). */
async function chartText(server: AppServer, token: string, id: number): Promise<string> {
  const pairs = await api<Pair[]>(server.baseUrl, token, `/api/v1/categories/range?category_id=${id}`);
  return pairs
    .filter((pair) => pair.colors.length)
    .map((pair) => {
      const weight = pair.colors.reduce((sum, entry) => sum + entry.weight, 0) / 100;
      return weight >= 1 ? pair.hand : `${pair.hand}:${weight}`;
    })
    .join(',');
}

async function typeRange(page: Page, player: string, text: string): Promise<void> {
  const field = page.locator(`[data-player="${player}"] .player__text`);
  await field.fill(text);
  await field.press('Enter');
}

const equityShown = (page: Page) => page.getByTestId('range-equity').textContent();

describe('independent equity sides', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    ({ server, page } = app);
    token = await logInToken(server.baseUrl, server.accounts.demo.email, server.accounts.demo.password);
  });

  it('plays a one-action push chart against a call chart, as the command line does', async () => {
    const tree = await api<{ children: TreeNode[] }>(
      server.baseUrl,
      token,
      '/api/v1/categories/tree?root_type=tournament_root',
    );
    const push = findRange(tree.children, ['My push/fold', 'SB push', '10bb']);
    const call = findRange(tree.children, ['My push/fold', 'BB call vs SB push', '10bb']);
    await page.goto(`${server.baseUrl}/`);
    await logInInPage(page, server.accounts.demo.email, server.accounts.demo.password);
    await page.goto(`${server.baseUrl}/tournament`);
    await page.locator(`[data-node-id="${push.id}"] .library-node__name`).click();
    await page.locator('.range-grid[aria-busy="false"]').waitFor();
    // One action in the chart: no opponent in it until the player names one.
    await expect.poll(() => page.getByTestId('combos-villain-1').getAttribute('data-issue')).toBe('empty');
    await page
      .locator('[data-player="villain-1"] .player__source')
      .selectOption({ label: 'My push/fold / BB call vs SB push / 10bb' });
    const expected = cliEquity(
      await chartText(server, token, push.id),
      await chartText(server, token, call.id),
    );
    await expect.poll(() => equityShown(page), { timeout: 30_000 }).toBe(expected);
    expect(expected).toBe('45.18%');
    // The choice is saved with the push chart and comes back after a reload.
    await expect.poll(() => page.getByTestId('save-state').getAttribute('data-state')).toBe('saved');
    const saved = await api<{ sides: unknown }>(server.baseUrl, token, `/api/v1/categories/${push.id}`);
    expect(saved.sides).toMatchObject({ villain: { category_id: call.id, colors: [] } });
    await page.reload();
    await expect.poll(() => equityShown(page), { timeout: 30_000 }).toBe(expected);
    await screenshotAtWidths(page, 'equity-sides-charts');
  });

  it('keeps two overlapping typed ranges as typed and never repaints the chart', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.range-grid[aria-busy="false"]').waitFor();
    const weights = () =>
      page
        .locator('.range-grid [data-hand]')
        .evaluateAll((cells) =>
          cells.map((one) => `${one.getAttribute('data-hand')}=${one.getAttribute('data-weight')}`),
        );
    const before = await weights();
    await typeRange(page, 'hero', 'QQ+, AKs, AKo');
    await typeRange(page, 'villain-1', 'JJ-88, AQs+, KQs');
    await expect.poll(() => page.getByTestId('summary-hero').textContent()).toContain('34 combos');
    await expect.poll(() => page.getByTestId('summary-villain').textContent()).toContain('36 combos');
    await expect
      .poll(() => equityShown(page), { timeout: 30_000 })
      .toBe(cliEquity('QQ+, AKs, AKo', 'JJ-88, AQs+, KQs'));
    // Typing into a side is no paint: the chart holds what it held.
    expect(await weights()).toEqual(before);
    expect(await page.locator('[data-player="hero"] .player__text').inputValue()).toBe('QQ+, AKs, AKo');
  });

  it("plays a range against an opponent's two hole cards, and says when the board holds them", async () => {
    await typeRange(page, 'hero', 'AKs, QQ');
    await page.locator('[data-player="villain-1"] .player__source').selectOption({ label: 'Hole cards' });
    const cards = page.locator('[data-player="villain-1"] .player__cards');
    await cards.fill('Qs Q');
    await cards.press('Enter');
    await expect.poll(() => page.locator('[data-player="villain-1"] [role="alert"]').count()).toBe(1);
    await cards.fill('QsJd');
    await cards.press('Enter');
    await expect.poll(() => page.locator('[data-player="villain-1"] [role="alert"]').count()).toBe(0);
    for (const card of ['Jh', '8h', '2c']) await page.locator(`.deck-card[data-card="${card}"]`).click();
    await expect
      .poll(() => equityShown(page), { timeout: 30_000 })
      .toBe(cliEquity('AKs, QQ', 'QsJd', 'Jh8h2c'));
    await cards.fill('Jh8c');
    await cards.press('Enter');
    await expect
      .poll(() => page.getByTestId('combos-villain-1').getAttribute('data-issue'))
      .toBe('cardsTaken');
    await screenshotAtWidths(page, 'equity-sides-cards');
  });
});
