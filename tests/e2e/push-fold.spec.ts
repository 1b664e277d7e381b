// The push/fold solver on the tournament page, in a real browser against the real server, every figure against the
// engine's command lines (npm run pushfold, npm run icm) run beside it: a heads-up spot solved and saved into the tree
// (the saved chart is the CLI's chart), a six-handed ICM spot with its equity table and risk premiums, the heads-up
// threshold chart, the EV-priced comparison with a chart of the player's, the trainer pricing a wrong answer, the free
// plan's limit and Stop. The other languages: push-fold-i18n.spec.ts.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { HAND_CLASSES } from '../../contract/hands.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { api, register } from './support/page-api.ts';
import {
  type HeadsUpCli,
  headsUpCli,
  icmCli,
  potOdds,
  tableCli,
  thresholdsCli,
} from './support/tournament-cli.ts';

const PUSH = '#E08A1E';
const FOLD = '#5B6B7F';
const combosOf = (hand: string) => (hand.length === 2 ? 6 : hand.endsWith('s') ? 4 : 12);
/** The app's EV in bb: two decimals with a sign. */
const bb = (value: number) =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value)} bb`;
/** A figure the page prints ("14.29%", "+2.98 bb") as a number. */
const figure = (text: string | null) => Number((text ?? '').replace(/[^\d.+-]/g, ''));

interface Node {
  id: number;
  name: string;
  kind: string;
  children: Node[];
}
interface Pair {
  hand: string;
  colors: Array<{ color: string; weight: number }>;
}

/** Every cell of a grid as `data-hand` → the attribute asked for. */
async function cells(page: Page, testId: string, attribute: string): Promise<Record<string, string>> {
  return page
    .locator(`[data-testid="${testId}"] [data-hand]`)
    .evaluateAll(
      (nodes, name) =>
        Object.fromEntries(nodes.map((node) => [node.getAttribute('data-hand'), node.getAttribute(name)])),
      attribute,
    );
}

/**
 * The page at 375, 990 and 1440 px for looking at. From the top: after a cell scrolled into view, a full-page picture
 * would show the sticky header across the middle of the page.
 */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, name);
}

/** Solves the spot in the editor and waits until its solution is on the page, not busy. */
async function solve(page: Page, solveName = 'Solve') {
  await page.getByRole('button', { name: solveName, exact: true }).click();
  await page
    .locator('[data-testid="push-fold-results"]:not([aria-busy="true"])')
    .waitFor({ timeout: 90_000 });
  await page.getByTestId('push-fold-chart').waitFor();
}

describe('push/fold solver', () => {
  const app = withAppAndBrowser();
  let heads: HeadsUpCli;
  let token: string;
  const get = <T>(path: string) => api<T>(app.server.baseUrl, token, path);
  const post = <T>(path: string, body: unknown) => api<T>(app.server.baseUrl, token, path, body);
  const openSolver = async (page: Page) => {
    await page.goto(`${app.server.baseUrl}/tournament?tool=push-fold`);
    await page.getByRole('button', { name: 'Solve', exact: true }).waitFor();
  };

  beforeAll(async () => {
    heads = headsUpCli(10);
    token = await register(app.page, app.server.baseUrl, 'pushfold_player');
  });

  it('solves heads-up at 10 bb as the command line does, keyboard first, and saves it into the tree', async () => {
    const { page } = app;
    await openSolver(page);
    expect(await seriousViolations(page), 'editor').toEqual([]);
    await shoot(page, 'push-fold-editor');
    // Keyboard: the Solve button from the form, then the chart's cells with the arrow keys.
    await page.getByRole('button', { name: 'Solve', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page
      .locator('[data-testid="push-fold-results"]:not([aria-busy="true"])')
      .waitFor({ timeout: 60_000 });
    const pushed = await cells(page, 'push-fold-chart', 'data-frequency');
    for (const hand of HAND_CLASSES) expect(Number(pushed[hand]), hand).toBe(heads.push[hand]);
    await page.getByTestId('push-fold-summary').getByText('Exploitability: below 0.001 bb.').waitFor();
    await page.locator('[data-testid="push-fold-chart"] [data-hand="AA"]').focus();
    for (const [key, hand] of [
      ['ArrowRight', 'AKs'],
      ['ArrowDown', 'KK'],
      ['End', 'K2s'],
      ['ArrowDown', 'Q2s'],
    ] as const) {
      await page.keyboard.press(key);
      const detail = page.getByTestId('push-fold-cell');
      expect(await detail.getAttribute('data-hand')).toBe(hand);
      expect(await page.getByTestId('push-fold-cell-play').textContent()).toBe(bb(heads.push_ev[hand]!));
      expect(await page.getByTestId('push-fold-cell-fold').textContent()).toBe(bb(heads.fold_ev[hand]!));
    }
    expect(await seriousViolations(page), 'solved').toEqual([]);
    await shoot(page, 'push-fold-solved');
    // The big blind's call against the push.
    await page.getByLabel('Seat').selectOption({ label: 'BB · 10 bb' });
    expect(await page.getByLabel('Decision').inputValue()).toBe('call-0-1');
    const called = await cells(page, 'push-fold-chart', 'data-frequency');
    for (const hand of HAND_CLASSES) expect(Number(called[hand]), hand).toBe(heads.call[hand]);

    // Saved as charts: a folder with the push and the call, named with the stack.
    await page.getByRole('button', { name: 'Save as charts' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The free plan holds 20 charts. You have 0, so 20 more fit.').waitFor();
    expect(await seriousViolations(page), 'save dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Save 2 charts' }).click();
    await dialog.getByText('2 charts saved in “Push/fold 2 players 10/10 bb, chip EV”.').waitFor();
    const tree = await get<{ children: Node[] }>('/api/v1/categories/tree?root_type=tournament_root');
    const folder = tree.children.find((node) => node.name === 'Push/fold 2 players 10/10 bb, chip EV')!;
    expect(folder.kind).toBe('tournament');
    expect(folder.children.map((node) => node.name)).toEqual(['SB push 10bb', 'BB call vs SB 10bb']);
    for (const [node, chart, evs] of [
      [folder.children[0]!, heads.push, [heads.push_ev, heads.fold_ev]],
      [folder.children[1]!, heads.call, [heads.call_ev, heads.call_fold_ev]],
    ] as const) {
      const pairs = await get<Pair[]>(`/api/v1/categories/range?category_id=${node.id}`);
      for (const pair of pairs) {
        const played = pair.colors.find((entry) => entry.color !== FOLD)?.weight ?? 0;
        const folded = pair.colors.find((entry) => entry.color === FOLD)?.weight ?? 0;
        expect(played / 100, `${node.name} ${pair.hand}`).toBeCloseTo(chart[pair.hand]!, 9);
        expect(played + folded).toBeCloseTo(100, 9);
      }
      const category = await get<{
        spot_ev: { unit: string; play: { ev: number[] }; fold: { ev: number[] } };
      }>(`/api/v1/categories/${node.id}`);
      expect(category.spot_ev.unit).toBe('bb');
      expect(category.spot_ev.play.ev).toEqual(HAND_CLASSES.map((hand) => evs[0][hand]));
      expect(category.spot_ev.fold.ev).toEqual(HAND_CLASSES.map((hand) => evs[1][hand]));
    }
    // "Open the charts": the tournament tree, with the spot's folder in it.
    await dialog.getByRole('button', { name: 'Open the charts' }).click();
    await page.getByRole('tab', { name: 'Charts', selected: true }).waitFor();
    await page.getByText('Push/fold 2 players 10/10 bb, chip EV').first().waitFor();
  });

  it('solves six-handed under ICM: the equity table of npm run icm, the charts, equity after and risk premiums of npm run pushfold', async () => {
    const { page } = app;
    const stacks = [10, 15, 8, 20, 12, 9];
    const payouts = [50, 30, 20];
    const table = tableCli(stacks, payouts, 0.125);
    const icm = icmCli(stacks, payouts);
    await openSolver(page);
    await page.getByLabel('Players').selectOption('6');
    for (const [seat, stack] of stacks.entries())
      await page.getByTestId(`push-fold-stack-${seat}`).fill(String(stack));
    await page.getByLabel('Ante, bb').fill('0.125');
    await page.getByLabel('Payouts').selectOption('top3');
    await solve(page);
    await page.getByTestId('push-fold-equity').waitFor();
    // The pool is 100, so prize units are percent of the pool; the page shows two decimals.
    for (const [seat, equity] of icm.entries()) {
      const before = await page.getByTestId(`push-fold-equity-before-${seat}`).textContent();
      expect(Math.abs(figure(before) - equity), `seat ${seat} before`).toBeLessThanOrEqual(0.005 + 1e-9);
      const after = await page.getByTestId(`push-fold-equity-after-${seat}`).textContent();
      expect(
        Math.abs(figure(after) - table.seats[seat]!.equity_after),
        `seat ${seat} after`,
      ).toBeLessThanOrEqual(0.005 + 1e-9);
    }
    const pot = stacks.reduce((sum, stack) => sum + stack, 0);
    for (const [seat, stack] of stacks.entries()) {
      const share = await page.locator(`tr[data-seat="${seat}"] td`).nth(1).textContent();
      expect(Math.abs(figure(share) - (stack / pot) * 100), `seat ${seat} chips`).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
    }
    for (const seat of table.seats) {
      for (const call of seat.calls.filter((entry) => entry.caller === null)) {
        // Under the premium, the equity needed under ICM and in chips (pot odds, worked out by hand).
        const needs = (await page
          .getByTestId(`push-fold-risk-${seat.seat}-${call.pusher}`)
          .locator('small')
          .textContent())!
          .split(' vs ')
          .map(figure);
        const chips = potOdds(stacks, 0.125, call.pusher, seat.seat) * 100;
        expect(Math.abs(needs[1]! - chips)).toBeLessThanOrEqual(0.005 + 1e-6);
        expect(Math.abs(needs[0]! - (chips + call.risk_premium! * 100))).toBeLessThanOrEqual(0.01 + 1e-6);
        const shown = await page
          .getByTestId(`push-fold-risk-${seat.seat}-${call.pusher}`)
          .locator('strong')
          .textContent();
        expect(
          Math.abs(figure(shown) - call.risk_premium! * 100),
          `${seat.seat} vs ${call.pusher}`,
        ).toBeLessThanOrEqual(0.005 + 1e-6);
      }
    }
    const utg = await cells(page, 'push-fold-chart', 'data-frequency');
    for (const hand of HAND_CLASSES) expect(Number(utg[hand]), hand).toBe(table.seats[0]!.push![hand]);
    // The big blind against the cutoff's push: its call chart and, up close, its EVs in percent of the pool.
    await page.getByLabel('Seat').selectOption({ label: 'BB · 9 bb' });
    await page.getByLabel('Decision').selectOption({ label: 'BB call vs CO' });
    const versusCo = table.seats[5]!.calls.find((entry) => entry.pusher === 2 && entry.caller === null)!;
    const calls = await cells(page, 'push-fold-chart', 'data-frequency');
    for (const hand of HAND_CLASSES) expect(Number(calls[hand]), hand).toBe(versusCo.call[hand]);
    await page.locator('[data-testid="push-fold-chart"] [data-hand="AKo"]').click();
    expect(figure(await page.getByTestId('push-fold-cell-play').textContent())).toBeCloseTo(
      versusCo.call_ev.AKo!,
      2,
    );
    expect(figure(await page.getByTestId('push-fold-cell-fold').textContent())).toBeCloseTo(
      versusCo.fold_ev.AKo!,
      2,
    );
    expect(await seriousViolations(page), 'table').toEqual([]);
    // On a phone the equity table fits and the risk premiums scroll inside a region the keyboard reaches.
    await page.setViewportSize({ width: 375, height: 900 });
    const equityTable = page.getByTestId('push-fold-equity');
    expect(await equityTable.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(
      true,
    );
    await page.getByRole('region', { name: 'Risk premium' }).focus();
    expect(await seriousViolations(page), 'table at 375 px').toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('prices the player’s own chart against the solution, per cell and per hand dealt, from the CLI’s EVs', async () => {
    const { page } = app;
    // A chart of the player's: a tight shove range in a colour of its own.
    const mine = [
      '22',
      '33',
      '44',
      '55',
      '66',
      '77',
      '88',
      '99',
      'TT',
      'JJ',
      'QQ',
      'KK',
      'AA',
      'AKs',
      'AQs',
      'AKo',
      'KQs',
      'A5s',
      'K2o',
    ];
    await post('/api/v1/categories', {
      name: 'My SB shove 10bb',
      kind: 'range',
      root_type: 'tournament_root',
      parent_id: null,
      buttons: [{ color: '#D64545', label: 'Shove' }],
      pairs: mine.map((hand) => ({ hand, colors: [{ color: '#D64545', weight: 100 }] })),
    });
    await openSolver(page);
    await solve(page);
    await page.getByLabel('Your chart', { exact: true }).selectOption({ label: 'My SB shove 10bb' });
    await page.getByTestId('push-fold-diff-chart').waitFor();
    expect(await page.getByLabel('Its colour for Push').inputValue()).toBe('#D64545');
    let changed = 0;
    let perHand = 0;
    const costs = await cells(page, 'push-fold-diff-chart', 'data-cost');
    for (const hand of HAND_CLASSES) {
      const own = mine.includes(hand) ? 1 : 0;
      const cost = (heads.push[hand]! - own) * (heads.push_ev[hand]! - heads.fold_ev[hand]!);
      // The CLI prints EVs to six decimals and frequencies to four: the page's own figures are within 0.0005.
      expect(Number(costs[hand]), hand).toBeCloseTo(cost, 3);
      if (Math.abs(heads.push[hand]! - own) > 0.005) changed += 1;
      perHand += (cost * combosOf(hand)) / 1326;
    }
    const summary = (await page.getByTestId('push-fold-diff-summary').textContent())!;
    expect(summary).toMatch(
      new RegExp(`^${changed} hands differ\\. They cost \\d\\.\\d{3} bb per hand dealt\\.$`),
    );
    expect(Math.abs(Number(/cost (\d\.\d{3}) bb/.exec(summary)![1]) - perHand)).toBeLessThanOrEqual(
      0.0005 + 1e-6,
    );
    await page.locator('[data-testid="push-fold-diff-chart"] [data-hand="K9o"]').click();
    const k9o = heads.push.K9o! * (heads.push_ev.K9o! - heads.fold_ev.K9o!);
    const k9oShown = (await page.getByTestId('push-fold-diff-cell-cost').textContent())!;
    expect(k9oShown).toMatch(/^\d\.\d{3} bb$/);
    expect(Math.abs(figure(k9oShown) - k9o)).toBeLessThanOrEqual(0.0005 + 1e-6);
    expect(await seriousViolations(page), 'diff').toEqual([]);
    await shoot(page, 'push-fold-diff');
  });

  it('draws the heads-up threshold chart of the command line, gaps included', async () => {
    const { page } = app;
    const expected = thresholdsCli();
    await openSolver(page);
    await page.getByRole('tab', { name: 'Heads-up thresholds' }).click();
    await page.getByRole('button', { name: 'Compute' }).click();
    await page.getByTestId('push-fold-thresholds-push').waitFor({ timeout: 120_000 });
    for (const side of ['push', 'call'] as const) {
      if (side === 'call') await page.getByRole('button', { name: 'Big blind call' }).click();
      const maxima = await cells(page, `push-fold-thresholds-${side}`, 'data-max');
      const gaps = await cells(page, `push-fold-thresholds-${side}`, 'data-gaps');
      for (const hand of HAND_CLASSES) {
        expect(Number(maxima[hand]), `${side} ${hand}`).toBe(expected[side][hand]);
        expect(JSON.parse(gaps[hand]!), `${side} ${hand}`).toEqual(expected.gaps[side][hand] ?? []);
      }
    }
    // The published values: T3s pushed up to 7.7 bb, Q2o called up to 5.6 bb, 63s pushed with a gap.
    await page.locator('[data-testid="push-fold-thresholds-call"] [data-hand="Q2o"]').click();
    await page.getByTestId('push-fold-threshold-cell').getByText('Q2o: called up to 5.6 bb').waitFor();
    await page.getByRole('button', { name: 'Small blind push' }).click();
    await page.locator('[data-testid="push-fold-thresholds-push"] [data-hand="63s"]').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page
      .getByTestId('push-fold-threshold-cell')
      .getByText(`except ${expected.gaps.push['63s']!.map(([from, to]) => `${from}–${to} bb`).join(', ')}`)
      .waitFor();
    expect(await seriousViolations(page), 'thresholds').toEqual([]);
  });

  it('drills a saved chart in the trainer: a wrong answer shows the EV it lost, as the CLI’s EVs give it', async () => {
    const { page } = app;
    const tree = await get<{ children: Node[] }>('/api/v1/categories/tree?root_type=tournament_root');
    const chart = tree.children
      .find((node) => node.name === 'Push/fold 2 players 10/10 bb, chip EV')!
      .children.find((node) => node.name === 'SB push 10bb')!;
    await page.goto(`${app.server.baseUrl}/trainer`);
    await page.getByRole('tab', { name: 'Tournament' }).click();
    await page.locator(`.trainer-picker__train[data-chart-id="${chart.id}"]`).click();
    await page.getByTestId('trainer-spot').getByText('Stack 10 bb').waitFor();
    // The chart paints its folds: Push (1) and Fold (2) are the answers, no "not in range".
    expect(
      await page
        .locator('.trainer-action')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-color'))),
    ).toEqual([PUSH, FOLD]);
    const verdict = page.locator('.trainer-verdict');
    let wrong: { hand: string; pushed: boolean } | null = null;
    for (let attempt = 0; attempt < 30 && !wrong; attempt += 1) {
      await page.locator('.trainer-action:enabled').first().waitFor();
      const hand = (await page.locator('#trainer-hand').getAttribute('data-hand'))!;
      const frequency = heads.push[hand]!;
      if (frequency === 1 || frequency === 0) {
        wrong = { hand, pushed: frequency === 1 };
        break;
      }
      // A mixed hand: either answer is right; answer and deal the next.
      await page.keyboard.press('1');
      await verdict.waitFor();
      await page.keyboard.press('Space');
    }
    expect(wrong).not.toBeNull();
    await page.keyboard.press(wrong!.pushed ? '2' : '1');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-correct')).toBe('false');
    const lost = Math.abs(heads.push_ev[wrong!.hand]! - heads.fold_ev[wrong!.hand]!);
    expect(await page.getByTestId('trainer-ev-lost').textContent()).toBe(
      `This answer loses ${lost.toFixed(2)} bb against the solved spot.`,
    );
    const evs = page.getByTestId('trainer-ev');
    expect(await evs.locator(`li[data-color="${PUSH}"] strong`).textContent()).toBe(
      bb(heads.push_ev[wrong!.hand]!),
    );
    expect(await evs.locator(`li[data-color="${FOLD}"] strong`).textContent()).toBe(
      bb(heads.fold_ev[wrong!.hand]!),
    );
    expect(await seriousViolations(page), 'trainer').toEqual([]);
  });

  it('explains the free plan: a save that would not fit cannot start, and Premium is offered', async () => {
    const { page } = app;
    // The player's ranges so far, and as many more as make the free plan's 20.
    const ranges = async (root: string) => {
      const count = (nodes: Node[]): number =>
        nodes.reduce((sum, node) => sum + (node.kind === 'range' ? 1 : 0) + count(node.children), 0);
      return count((await get<{ children: Node[] }>(`/api/v1/categories/tree?root_type=${root}`)).children);
    };
    const own = (await ranges('preflop_root')) + (await ranges('tournament_root'));
    for (let index = own; index < 20; index += 1)
      await post('/api/v1/categories', {
        name: `r${index}`,
        kind: 'range',
        root_type: 'preflop_root',
        parent_id: null,
      });
    await openSolver(page);
    await solve(page);
    await page.getByRole('button', { name: 'Save as charts' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'The free plan holds 20 charts. You have 20, so 0 more fit. Choose at most 0 of these 2, or activate Premium for unlimited charts.',
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Save 2 charts' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Activate Premium' }).click();
    await page.getByText('Please activate full version').first().waitFor();
  });

  it('stops a solve on Stop, keeps the last solution and solves again', async () => {
    const { page } = app;
    await openSolver(page);
    await page.getByLabel('Players').selectOption('9');
    for (let seat = 0; seat < 9; seat += 1) await page.getByTestId(`push-fold-stack-${seat}`).fill('2.5');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('Solve stopped. The last solution stays until the next solve.').waitFor();
    expect(await page.getByRole('button', { name: 'Solve', exact: true }).isEnabled()).toBe(true);
    await page.getByLabel('Players').selectOption('3');
    await solve(page);
    await page.getByTestId('push-fold-equity').waitFor();
  });
});
