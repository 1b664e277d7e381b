// The strategy diff in a real browser against the real server: a player builds two ranges from range text in the
// range tool and compares them; a second player shares a strategy, and the first compares it with the range that
// accepting would replace, then accepts from the diff. The oracle is the texts themselves: the test works out every
// class's kind of change and every action's combos from them (pairs 6, suited 4, offsuit 12 combos, times the
// weight), never from the page. Run in every interface language (numbers and words in each language's own form, no
// untranslated text).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { withAppAndBrowser } from './support/browser.ts';
import { LANGUAGES, tr, untranslated } from './support/i18n.ts';
import { api, logInToken, register } from './support/page-api.ts';
import { paintText } from './support/range-page.ts';

const RAISE = '#1847BE';
const CALL = '#C0392B';
const BUTTONS = [
  { color: RAISE, label: 'Raise' },
  { color: CALL, label: 'Call' },
];

/** A chart as the test writes it: each colour's range as text ("AA,AKs:0.5"). */
type Texts = Partial<Record<string, string>>;
/** Class → colour → weight in %. */
type Cells = Record<string, Record<string, number>>;

const combosOf = (hand: string) => (hand.length === 2 ? 6 : hand.endsWith('s') ? 4 : 12);

/** Reads the plain class notation the texts use ("AA", "AKs", "AKo:0.5"); anything else fails the test. */
function cellsOf(texts: Texts): Cells {
  const cells: Cells = {};
  for (const [color, text] of Object.entries(texts)) {
    for (const token of text!
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^([AKQJT2-9]{2}[so]?)(?::(0?\.\d+|1))?$/.exec(token);
      if (!match) throw new Error(`the test's texts use plain classes only: ${token}`);
      const weight = Math.round(Number(match[2] ?? 1) * 100);
      (cells[match[1]!] ??= {})[color] = weight;
    }
  }
  return cells;
}

type Kind = 'unchanged' | 'added' | 'removed' | 'reweighted' | 'recoloured';

/** The kinds of change of the classes the texts name (every other class is unchanged), by the spec's definitions. */
function expectedKinds(before: Cells, after: Cells): Record<string, Kind> {
  const kinds: Record<string, Kind> = {};
  for (const hand of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[hand] ?? {};
    const to = after[hand] ?? {};
    const colorsFrom = Object.keys(from).sort().join();
    const colorsTo = Object.keys(to).sort().join();
    kinds[hand] = !colorsFrom
      ? 'added'
      : !colorsTo
        ? 'removed'
        : colorsFrom !== colorsTo
          ? 'recoloured'
          : Object.keys(from).some((color) => from[color] !== to[color])
            ? 'reweighted'
            : 'unchanged';
  }
  return kinds;
}

/** Combos of each colour and of the whole range. */
function combos(cells: Cells): Record<string, number> {
  const totals: Record<string, number> = { total: 0 };
  for (const [hand, colors] of Object.entries(cells)) {
    for (const [color, weight] of Object.entries(colors)) {
      totals[color] = (totals[color] ?? 0) + (combosOf(hand) * weight) / 100;
      totals.total! += (combosOf(hand) * weight) / 100;
    }
  }
  return totals;
}

/** Checks the diff on the page against the two charts' texts, numbers in `language`'s own form. */
async function checkDiff(page: Page, language: string, beforeTexts: Texts, afterTexts: Texts): Promise<void> {
  const before = cellsOf(beforeTexts);
  const after = cellsOf(afterTexts);
  const kinds = expectedKinds(before, after);
  const grid = page.getByTestId('diff-grid');
  await grid.waitFor();

  const shown = await grid
    .locator('[data-hand]')
    .evaluateAll((cells) =>
      cells.map((cell) => [cell.getAttribute('data-hand'), cell.getAttribute('data-kind')]),
    );
  expect(shown).toHaveLength(169);
  const marked = Object.fromEntries(shown.filter(([, kind]) => kind !== 'unchanged'));
  const changed = Object.fromEntries(Object.entries(kinds).filter(([, kind]) => kind !== 'unchanged'));
  expect(marked).toEqual(changed);
  for (const kind of ['added', 'removed', 'reweighted', 'recoloured'] as const) {
    const count = Object.values(kinds).filter((value) => value === kind).length;
    expect(await page.getByTestId(`diff-count-${kind}`).getAttribute('data-count'), kind).toBe(String(count));
  }

  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const signed = new Intl.NumberFormat(language, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const left = combos(before);
  const right = combos(after);
  const table = page.getByTestId('diff-table');
  for (const key of [RAISE, CALL, 'total']) {
    const row = table.locator(`tr[data-color="${key}"]`);
    const [from, to] = [left[key] ?? 0, right[key] ?? 0];
    if (from === 0 && to === 0) {
      expect(await row.count(), key).toBe(0);
      continue;
    }
    const cells = await row.locator('td').allTextContents();
    // The total row adds each side's share of all hands in brackets after the combos.
    expect(
      cells.map((text) => text.split(' (')[0]!.trim()),
      key,
    ).toEqual([format.format(from), format.format(to), signed.format(to - from)]);
  }
}

/** The mark of one class in the diff grid, then its detail (reached by the keyboard from the cell to its left). */
async function checkDetail(page: Page, hand: string, leftOf: string, before: Cells, after: Cells) {
  await page.locator(`[data-testid="diff-grid"] [data-hand="${leftOf}"]`).focus();
  await page.keyboard.press('ArrowRight');
  const detail = page.getByTestId('diff-detail');
  await expect.poll(() => detail.getAttribute('data-hand')).toBe(hand);
  const sides = detail.locator('.diff-detail__actions');
  const weights = async (index: number) =>
    Object.fromEntries(
      await sides
        .nth(index)
        .locator('li')
        .evaluateAll((items) =>
          items.map((item) => [item.getAttribute('data-color'), Number(item.getAttribute('data-weight'))]),
        ),
    );
  expect(await weights(0)).toEqual(before[hand] ?? {});
  expect(await weights(1)).toEqual(after[hand] ?? {});
}

const OPEN_A: Texts = { [RAISE]: 'AA,KK,AKs,JJ' };
const OPEN_B: Texts = { [RAISE]: 'AA,QQ,AKs:0.5,AKo', [CALL]: 'JJ' };
const GIFT: Texts = { [RAISE]: 'AA,QQ,AKs,AKo:0.5', [CALL]: 'KK' };

describe('strategy diff', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(() => {
    server = app.server;
    page = app.page;
  });

  it('builds two ranges from text and shows their diff in English', async () => {
    token = await register(page, server.baseUrl, 'differ');
    for (const name of ['Open A', 'Open B']) {
      const created = await api<{ id: number }>(server.baseUrl, token, '/api/v1/categories', {
        name,
        kind: 'range',
        root_type: 'preflop_root',
        parent_id: null,
        buttons: BUTTONS,
        pairs: [],
      });
      ids[name] = created.id;
    }
    await page.goto(`${server.baseUrl}/`);
    for (const [name, texts] of [
      ['Open A', OPEN_A],
      ['Open B', OPEN_B],
    ] as const) {
      await page.locator(`[data-node-id="${ids[name]}"] .library-node__name`).click();
      await page.locator(`[data-node-id="${ids[name]}"] .library-node__name[aria-current="true"]`).waitFor();
      await page.locator('.range-grid:not([aria-busy="true"])').waitFor();
      await paintText(page, 'Raise', texts[RAISE]!);
      if (texts[CALL]) await paintText(page, 'Call', texts[CALL]);
      // The server holds what was typed before the diff reads it.
      const expected = Object.keys(cellsOf(texts)).sort();
      await expect
        .poll(
          async () =>
            (
              await api<Array<{ hand: string; colors: unknown[] }>>(
                server.baseUrl,
                token,
                `/api/v1/categories/range?category_id=${ids[name]}`,
              )
            )
              .filter((pair) => pair.colors.length > 0)
              .map((pair) => pair.hand)
              .sort(),
          { timeout: 20_000 },
        )
        .toEqual(expected);
    }

    // From the library: "Compare with…" on Open A, then Open B as the other side.
    await page.getByRole('button', { name: 'Actions for Open A' }).click();
    await page.getByRole('link', { name: 'Compare with…' }).click();
    await page.getByRole('heading', { name: 'Strategy diff', level: 1 }).waitFor();
    await page.getByLabel('To', { exact: true }).selectOption({ label: 'Open B' });
    await checkDiff(page, 'en-US', OPEN_A, OPEN_B);
    await checkDetail(page, 'AKs', 'AA', cellsOf(OPEN_A), cellsOf(OPEN_B));
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.locator('.diff-legend [data-kind="recoloured"]').textContent()).toContain(
      'Re-coloured',
    );
  });

  it('shows the same diff in every interface language, with no untranslated text', async () => {
    for (const language of LANGUAGES) {
      await api(server.baseUrl, token, '/api/v1/users/language', { language });
      await page.goto(`${server.baseUrl}/compare?from=${ids['Open A']}&to=${ids['Open B']}`);
      await page.getByRole('heading', { name: tr(language, 'diff:title'), level: 1 }).waitFor();
      await checkDiff(page, language, OPEN_A, OPEN_B);
      // The ranges' and buttons' own names are the player's words: "Open A" reads like en-US "Open {{name}}" to the
      // check, and "Raise" is the en-US name of a new chart's first button.
      const names = [...Object.keys(ids), ...BUTTONS.map((button) => button.label)].map(
        (name) => `: ${name}`,
      );
      const leftovers = (await untranslated(page, language)).filter(
        (text) => !names.some((name) => text.endsWith(name)),
      );
      expect(leftovers, language).toEqual([]);
    }
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'en-US' });
  });

  it('compares a shared strategy with the range accepting would replace, in Russian, and accepts it', async () => {
    // The second player (the seeded admin, who has Premium to share) sends a strategy built from its text.
    const sender = await logInToken(
      server.baseUrl,
      server.accounts.admin.username,
      server.accounts.admin.password,
    );
    const pairs = Object.entries(cellsOf(GIFT)).map(([hand, colors]) => ({
      hand,
      colors: Object.entries(colors).map(([color, weight]) => ({ color, weight })),
    }));
    const gift = await api<{ id: number }>(server.baseUrl, sender, '/api/v1/categories', {
      name: 'Gift 3bet',
      kind: 'range',
      root_type: 'preflop_root',
      parent_id: null,
      buttons: BUTTONS,
      pairs,
    });
    const me = await api<{ me: { id: number } }>(server.baseUrl, token, '/api/v1/auth/user');
    await api(server.baseUrl, sender, '/api/v1/categories/share', {
      category_id: gift.id,
      user_ids: [me.me.id],
    });

    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'ru-RU' });
    await page.goto(`${server.baseUrl}/profile#strategy`);
    await page.getByRole('link', { name: 'Сравнить «Gift 3bet» с одним из своих диапазонов' }).click();
    await page.getByRole('heading', { name: 'Сравнение стратегий', level: 1 }).waitFor();
    // A free player: accepting deletes the first range of the list, Open A, so that is the side compared.
    const incoming = page.getByTestId('diff-incoming');
    await expect
      .poll(() => incoming.locator('[data-replaces]').getAttribute('data-replaces'))
      .toBe(String(ids['Open A']));
    await checkDiff(page, 'ru-RU', OPEN_A, GIFT);
    await checkDetail(page, 'KK', 'AKo', cellsOf(OPEN_A), cellsOf(GIFT));
    expect(await page.locator('.diff-legend [data-kind="removed"]').textContent()).toContain('Удалено');

    // The bell counts the one strategy waiting and drops it as soon as it is accepted here. Accepting right after a
    // poll leaves 10 s to the next one, so a bell that follows within 3 s did not wait for it.
    await expect.poll(() => page.getByTestId('bell-count').textContent()).toBe('+1');
    await page.waitForResponse((response) => response.url().includes('/api/v1/categories/incoming/count'), {
      timeout: 15_000,
    });
    // The button says what accepting costs on the free plan, and the accept names that range to the server.
    await incoming
      .getByRole('button', { name: tr('ru-RU', 'diff:incoming.acceptReplacing', { name: 'Open A' }) })
      .click();
    await page.getByTestId('bell-count').waitFor({ state: 'detached', timeout: 3_000 });
    await page.waitForURL(/\/profile#strategy$/);
    const tree = await api<{ children: Array<{ id: number; name: string }> }>(
      server.baseUrl,
      token,
      '/api/v1/categories/tree?root_type=preflop_root',
    );
    expect(tree.children.map((node) => node.name)).toEqual(['Open B', 'Gift 3bet']);
  });
});
