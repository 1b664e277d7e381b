// A villain's range typed as text is saved with the range's workspace on every save of the chart, and the server
// keeps at most VILLAIN_TEXT_MAX characters of it: a longer text (a solver's export, combo by combo) failed every
// save of the range with 400, and the save queue dropped the chart's edits with it. In a real browser against the
// real server: such a text is kept as the engine's shortest notation of the same range, or refused in the field.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { classCombos, HAND_CLASSES } from '../../contract/hands.ts';
import { VILLAIN_TEXT_MAX } from '../../contract/limits.ts';
import type { AppServer } from './support/app-server.ts';
import { withAppAndBrowser } from './support/browser.ts';
import { api, register } from './support/page-api.ts';

const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);
const saveState = (page: Page) => page.getByTestId('save-state').getAttribute('data-state');

/** Every combo written on its own with a four-decimal weight, as solvers export ranges: about 17 000 characters. */
function solverExport(weight: (classIndex: number, comboIndex: number) => string): string {
  return HAND_CLASSES.flatMap((hand, classIndex) =>
    classCombos(hand).map((combo, comboIndex) => `${combo}:${weight(classIndex, comboIndex)}`),
  ).join(', ');
}

interface SavedRange {
  workspace: { villains: { text?: string }[] } | null;
}

describe('a long villain text', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('does not stop the range from saving', async () => {
    const token = await register(page, server.baseUrl, 'solver_fan');
    const { id } = await api<{ id: number }>(server.baseUrl, token, '/api/v1/categories', {
      name: 'BTN vs solver',
      kind: 'range',
      root_type: 'preflop_root',
      parent_id: null,
      buttons: [{ color: '#1847BE', label: 'Raise' }],
      pairs: [],
    });
    const saved = async () => {
      const category = await api<SavedRange>(server.baseUrl, token, `/api/v1/categories/${id}`);
      const pairs = await api<{ hand: string; colors: unknown[] }[]>(
        server.baseUrl,
        token,
        `/api/v1/categories/range?category_id=${id}`,
      );
      return {
        hands: pairs.filter((pair) => pair.colors.length > 0).map((pair) => pair.hand),
        villain: category.workspace?.villains[0]?.text ?? null,
      };
    };
    await page.goto(`${server.baseUrl}/`);
    await page.locator(`[data-node-id="${id}"] .library-node__name`).click();
    await page.locator('.range-grid:not([aria-busy="true"])').waitFor();
    await page.getByRole('button', { name: 'Add villain' }).click();
    const field = page.locator('[data-player="villain-2"] .player__text');

    // Four weights by class: the engine writes the same range as a few dozen classes and spans.
    const compressible = solverExport(
      (classIndex) => ['0.2500', '0.5000', '0.7500', '1.0000'][classIndex % 4]!,
    );
    expect(compressible.length).toBeGreaterThan(VILLAIN_TEXT_MAX);
    await field.fill(compressible);
    await field.press('Enter');
    await cell(page, 'AA').click();
    await expect.poll(() => saved().then((range) => range.hands), { timeout: 15_000 }).toEqual(['AA']);
    const kept = await field.inputValue();
    expect(kept.length).toBeLessThan(VILLAIN_TEXT_MAX);
    expect((await saved()).villain).toBe(kept);

    // Every combo its own weight: even the shortest notation is too long, so the field says so and keeps the
    // villain's previous range; the chart still saves.
    const distinct = solverExport(
      (classIndex, comboIndex) => `0.${String(100_000 + classIndex * 12 + comboIndex + 1)}`,
    );
    await field.fill(distinct);
    await field.press('Enter');
    await page
      .locator('[data-player="villain-2"] [role="alert"]')
      .filter({ hasText: `at most ${VILLAIN_TEXT_MAX} characters` })
      .waitFor();
    await cell(page, 'KK').click();
    await expect.poll(saved, { timeout: 15_000 }).toEqual({ hands: ['AA', 'KK'], villain: kept });
    expect(await saveState(page)).toBe('saved');
  });
});
