// One equity workspace and multiway equity, in a real browser against the real server: extra villains
// and dead cards are saved with the range and come back after a reload; a range without saved sides plays its own
// colours; a 3-way exact result matches the engine's command line for the same inputs; six players run Monte Carlo
// with a live standard error.

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { withAppAndBrowser } from './support/browser.ts';
import { type CliSide, equityCli } from './support/equity-cli.ts';
import { api, register } from './support/page-api.ts';

async function createRange(baseUrl: string, token: string, body: Record<string, unknown>): Promise<number> {
  const created = await api<{ id: number }>(baseUrl, token, '/api/v1/categories', {
    kind: 'range',
    root_type: 'preflop_root',
    parent_id: null,
    ...body,
  });
  return created.id;
}

async function open(page: Page, id: number): Promise<void> {
  await page.locator(`[data-node-id="${id}"] .library-node__name`).click();
  await page.locator(`[data-node-id="${id}"] .library-node__name[aria-current="true"]`).waitFor();
  await page.locator('.range-grid:not([aria-busy="true"])').waitFor();
}

/** Types a player's range as text and confirms it with Enter. */
async function typeRange(page: Page, player: string, text: string): Promise<void> {
  const field = page.locator(`[data-player="${player}"] .player__text`);
  await field.fill(text);
  await field.press('Enter');
}

/** Every row of the multiway table once the job has finished: equity, win and tie by player. */
async function multiwayRows(page: Page) {
  const table = page.locator('[data-testid="multiway-equity"][aria-busy="false"]');
  await table.waitFor({ timeout: 60_000 });
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const values = [...row.querySelectorAll('td')].map((cell) => Number(cell.getAttribute('data-value')));
      return { player: row.getAttribute('data-player'), equity: values[0], win: values[1], tie: values[2] };
    }),
  );
}

const cli = equityCli;

describe('multiway equity workspace', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  let token: string;
  beforeAll(() => ({ server, page } = app));

  it('plays a range without saved sides with its own first two colours', async () => {
    token = await register(page, server.baseUrl, 'multiway_player');
    // Like a seeded push/fold chart: no button has the editor's default hero colour.
    const id = await createRange(server.baseUrl, token, {
      name: 'Push or fold',
      buttons: [
        { color: '#2E7D32', label: 'Push' },
        { color: '#9E9E9E', label: 'Fold' },
      ],
      pairs: [
        { hand: 'AA', colors: [{ color: '#2E7D32', weight: 100 }] },
        { hand: 'KK', colors: [{ color: '#2E7D32', weight: 100 }] },
        { hand: '72o', colors: [{ color: '#9E9E9E', weight: 100 }] },
      ],
    });
    await page.goto(`${server.baseUrl}/`);
    await open(page, id);
    await expect.poll(() => page.getByTestId('summary-hero').textContent()).toContain('12 combos');
    await expect.poll(() => page.getByTestId('summary-villain').textContent()).toContain('12 combos');
    const pressed = (player: string) =>
      page.locator(`[data-player="${player}"] .chip-toggle[aria-pressed="true"]`).allTextContents();
    expect(await pressed('hero')).toEqual(['Push']);
    expect(await pressed('villain-1')).toEqual(['Fold']);
  });

  it('computes a 3-way pot exactly, as the command line does, and keeps villains and dead cards over a reload', async () => {
    const id = await createRange(server.baseUrl, token, {
      name: 'Three way',
      buttons: [
        { color: '#1847BE', label: 'Raise' },
        { color: '#C0392B', label: 'Call' },
      ],
      pairs: [],
    });
    await page.goto(`${server.baseUrl}/`);
    await open(page, id);
    await typeRange(page, 'hero', 'QQ+, AKs');
    await typeRange(page, 'villain-1', 'TT-88, AQs');
    await page.getByRole('button', { name: 'Add villain' }).click();
    await typeRange(page, 'villain-2', 'JJ, AJs');
    for (const card of ['Kh', '9d', '4c']) await page.locator(`.deck-card[data-card="${card}"]`).click();
    await page.getByRole('radio', { name: 'Dead' }).click();
    // A ten too: the picker writes it "10h", the contract "Th" (a save once refused it and dropped the edit).
    for (const card of ['2s', '10h']) await page.locator(`.deck-card[data-card="${card}"]`).click();

    const expected = cli([
      '--hero',
      'QQ+, AKs',
      '--villain',
      'TT-88, AQs',
      '--villain',
      'JJ, AJs',
      '--board',
      'Kh9d4c',
      '--dead',
      '2sTh',
    ]);
    expect(expected.method).toBe('exact');
    const check = async () => {
      await expect
        .poll(() => page.getByTestId('multiway-equity').getAttribute('data-method'), { timeout: 60_000 })
        .toBe('exact');
      const rows = await multiwayRows(page);
      expect(rows.map((row) => row.player)).toEqual(['hero', 'villain-1', 'villain-2']);
      for (const [row, name] of rows.map(
        (value, index) => [value, ['hero', 'villain', 'villain2'][index]!] as const,
      )) {
        const side = expected[name] as CliSide;
        expect(row.equity).toBeCloseTo(side.equity, 5);
        expect(row.win).toBeCloseTo(side.win, 5);
        expect(row.tie).toBeCloseTo(side.tie, 5);
      }
      // The shown text is the same figure in the interface language.
      const shown = await page
        .locator('[data-testid="multiway-equity"] tbody tr')
        .first()
        .locator('td')
        .first();
      expect(await shown.textContent()).toBe(
        new Intl.NumberFormat('en-US', {
          style: 'percent',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format((expected.hero as CliSide).equity),
      );
    };
    await check();
    await expect
      .poll(() => page.getByTestId('save-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('saved');
    const saved = await api<{ workspace: unknown }>(server.baseUrl, token, `/api/v1/categories/${id}`);
    expect(saved.workspace).toEqual({ villains: [{ text: 'JJ, AJs' }], dead: ['2s', 'Th'] });

    // After a reload the villain and the dead card are still there (saved with the range), the board too (the
    // tool's working state), and so is the result.
    await page.reload();
    await open(page, id);
    await expect
      .poll(() => page.locator('[data-player="villain-2"] .player__text').inputValue())
      .toBe('JJ, AJs');
    expect(await page.getByTestId('dead-cards').textContent()).toContain('2');
    for (const card of ['2s', '10h'])
      expect(await page.locator(`.deck-card[data-card="${card}"]`).getAttribute('class')).toContain(
        'is-dead',
      );
    await expect
      .poll(() =>
        page
          .locator('[data-testid="board-cards"] .card-chip')
          .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-card'))),
      )
      .toEqual(['Kh', '9d', '4c']);
    await check();
  });

  it('runs six players by Monte Carlo with live samples and a standard error, a chart villain included', async () => {
    const other = await createRange(server.baseUrl, token, {
      name: 'BB defend',
      buttons: [{ color: '#16A085', label: 'Defend' }],
      pairs: [
        { hand: '99', colors: [{ color: '#16A085', weight: 100 }] },
        { hand: 'KQs', colors: [{ color: '#16A085', weight: 100 }] },
      ],
    });
    const id = await createRange(server.baseUrl, token, {
      name: 'Six way',
      buttons: [
        { color: '#1847BE', label: 'Raise' },
        { color: '#C0392B', label: 'Call' },
      ],
      pairs: [],
    });
    await page.goto(`${server.baseUrl}/`);
    await open(page, id);
    await typeRange(page, 'hero', '22+, A2s+, KTs+, ATo+');
    await typeRange(page, 'villain-1', '55+, A8s+, KJo+');
    const add = page.getByRole('button', { name: 'Add villain' });
    for (const text of ['random', 'random', 'random']) {
      await add.click();
      const index = await page.locator('.player--extra').count();
      await typeRange(page, `villain-${index + 1}`, text);
    }
    await add.click();
    await page.locator('[data-player="villain-5"] .player__source').selectOption({ label: 'BB defend' });
    // Hero and five villains are the engine's six ranges: no seventh.
    await expect.poll(() => add.isDisabled()).toBe(true);
    await expect
      .poll(() =>
        page.locator('[data-player="villain-5"] .chip-toggle[aria-pressed="true"]').allTextContents(),
      )
      .toEqual(['All actions']);

    const table = page.getByTestId('multiway-equity');
    await expect.poll(() => table.getAttribute('data-method'), { timeout: 60_000 }).toBe('monte-carlo');
    await expect.poll(() => page.getByTestId('multiway-live').textContent()).toMatch(/samples, ± \d/);
    const rows = await multiwayRows(page);
    expect(rows).toHaveLength(6);
    expect(rows.reduce((sum, row) => sum + row.equity!, 0)).toBeCloseTo(1, 6);
    const live = (await page.getByTestId('multiway-live').textContent()) ?? '';
    expect(Number(/^[\d,]+/.exec(live)?.[0].replace(/,/g, ''))).toBeGreaterThan(1000);
    // The chart villain is saved as a reference to the player's own chart, all of its actions.
    await expect
      .poll(
        async () =>
          (
            await api<{ workspace: { villains: unknown[] } }>(
              server.baseUrl,
              token,
              `/api/v1/categories/${id}`,
            )
          ).workspace.villains,
      )
      .toEqual([
        { text: 'random' },
        { text: 'random' },
        { text: 'random' },
        { category_id: other, colors: [] },
      ]);
  });
});
