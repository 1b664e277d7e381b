// The trainer drills a seeded chart in the browser against the real server. The oracle is the
// chart's own data read through the range API, not the trainer's grading: a right and a wrong answer must be graded
// as the chart says, with the cell's colours shown, and the results must reach the profile.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import type { Pair, TreeNode } from '../../contract/categories.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { logInToken } from './support/page-api.ts';

interface Expected {
  colors: Array<{ color: string; weight: number }>;
  fold: number;
}

/** What the chart says for a combo: its cell's colours, and the share outside the range (left-out combos fold). */
function expectedFor(pairs: Pair[], hand: string, combo: string): Expected {
  const pair = pairs.find((entry) => entry.hand === hand);
  const swapped = combo.slice(2) + combo.slice(0, 2);
  if (!pair || pair.excluded?.includes(combo) || pair.excluded?.includes(swapped))
    return { colors: [], fold: 100 };
  const colors = pair.colors.filter((entry) => entry.weight > 0);
  return { colors, fold: Math.max(0, 100 - colors.reduce((sum, entry) => sum + entry.weight, 0)) };
}

async function dealt(page: Page): Promise<{ hand: string; combo: string }> {
  const heading = page.locator('#trainer-hand');
  await page.locator('.trainer-action:enabled').first().waitFor();
  return {
    hand: (await heading.getAttribute('data-hand'))!,
    combo: (await heading.getAttribute('data-combo'))!,
  };
}

describe('trainer', () => {
  const app = withAppAndBrowser();

  it('drills a seeded push/fold chart and grades a right and a wrong answer as the chart says', async () => {
    const { page, server } = app;
    const demo = server.accounts.demo;
    const base = server.baseUrl;
    const token = await logInToken(base, demo.username, demo.password);
    const get = async <T>(path: string) =>
      (
        (await (await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
          data: T;
        }
      ).data;
    // The demo's "My push/fold" pack: its first folder's first chart, a named stack ("20bb").
    const tree = await get<{ children: TreeNode[] }>('/api/v1/categories/tree?root_type=tournament_root');
    const top = tree.children[0]!;
    const folder = top.children.find((node) => node.kind !== 'range')!;
    const chart = folder.children.find((node) => node.kind === 'range')!;
    const pairs = await get<Pair[]>(`/api/v1/categories/range?category_id=${chart.id}`);

    await page.goto(`${base}/auth/login`);
    await page.getByLabel('Login or e-mail').fill(demo.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Trainer' }).click();
    await page.getByRole('tab', { name: 'Tournament' }).click();
    const pick = page.locator(`.trainer-picker__train[data-chart-id="${chart.id}"]`);
    await pick.waitFor();
    expect(await seriousViolations(page), 'picker').toEqual([]);
    await pick.click();

    const spot = page.getByTestId('trainer-spot');
    await spot.getByText(`${top.name} › ${folder.name} › ${chart.name}`).waitFor();
    const stack = Number(/(\d+)bb/.exec(chart.name)![1]);
    await spot.getByText(`Stack ${stack} bb`).waitFor();

    // A right answer: the first action the cell plays (or "not in range" for a fold cell).
    const first = await dealt(page);
    const cell = expectedFor(pairs, first.hand, first.combo);
    const right = cell.colors[0]?.color ?? 'fold';
    await page.locator(`.trainer-action[data-color="${right}"]`).click();
    const verdict = page.locator('.trainer-verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-correct')).toBe('true');
    expect(await page.getByTestId('answer-cell').getAttribute('data-colors')).toBe(
      cell.colors.map((entry) => `${entry.color}:${entry.weight}`).join(' '),
    );
    const foldRow = page.locator('.trainer-answer__list li[data-color="fold"]');
    if (cell.fold > 0) expect(await foldRow.getAttribute('data-weight')).toBe(String(cell.fold));
    else expect(await foldRow.count()).toBe(0);

    // Space deals the next hand; a wrong answer by key: an action with no weight in this cell.
    let wrong: { hand: string; key: string } | null = null;
    for (let attempt = 0; attempt < 20 && !wrong; attempt += 1) {
      await page.keyboard.press('Space');
      const next = await dealt(page);
      const expected = expectedFor(pairs, next.hand, next.combo);
      const buttons = await page
        .locator('.trainer-action')
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.color!));
      const index = buttons.findIndex((color) =>
        color === 'fold' ? expected.fold === 0 : !expected.colors.some((entry) => entry.color === color),
      );
      if (index < 0) {
        // A mixed cell where every action is right: answer it right and deal again.
        await page.keyboard.press('1');
        await verdict.waitFor();
        continue;
      }
      wrong = { hand: next.hand, key: buttons[index] === 'fold' ? '0' : String(index + 1) };
    }
    expect(wrong).not.toBeNull();
    await page.keyboard.press(wrong!.key);
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-correct')).toBe('false');
    expect(
      await page.locator(`.trainer-map__cell[data-hand="${wrong!.hand}"]`).getAttribute('data-missed'),
    ).toBe('1');
    expect(Number(await page.getByTestId('score-hands').locator('dd').textContent())).toBeGreaterThanOrEqual(
      2,
    );
    expect(await page.getByTestId('score-streak').locator('dd').textContent()).toBe('0');
    // Focus waits on the feedback's Next button, so the keyboard goes on without the mouse.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Next hand');
    expect(await seriousViolations(page), 'drill with feedback').toEqual([]);
    await screenshotAtWidths(page, 'trainer');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Frequency mode: the right action at a frequency 25 or more points off the chart's weight is graded wrong.
    await page.keyboard.press('Space');
    const third = await dealt(page);
    const thirdCell = expectedFor(pairs, third.hand, third.combo);
    const [action, weight] = thirdCell.colors[0]
      ? [thirdCell.colors[0].color, thirdCell.colors[0].weight]
      : ['fold', thirdCell.fold];
    await page.getByLabel('Answer with a frequency').check();
    const preset = weight > 75 ? '25%' : '100%';
    await page
      .getByRole('group', { name: 'Frequency presets' })
      .getByRole('button', { name: preset })
      .click();
    await page.getByRole('slider', { name: 'Frequency' }).waitFor();
    expect(await page.getByRole('slider', { name: 'Frequency' }).inputValue()).toBe(
      String(Number.parseInt(preset)),
    );
    await page.locator(`.trainer-action[data-color="${action}"]`).click();
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-correct')).toBe(
      Math.abs(Number.parseInt(preset) - weight) <= 10 ? 'true' : 'false',
    );
    const hands = Number(await page.getByTestId('score-hands').locator('dd').textContent());

    // The answers go to the server in batches: the drill says when every one has arrived.
    await page.getByTestId('trainer-saving').getByText('All answers saved').waitFor({ timeout: 10_000 });
    // The server kept the results: the profile's summary counts the hands and names the missed class.
    await page.goto(`${base}/profile`);
    const summary = page.getByTestId('trainer-summary');
    await summary.getByTestId('summary-hands').getByText(String(hands)).waitFor();
    await summary.locator(`li[data-hand="${wrong!.hand}"]`).waitFor();
  });
});
