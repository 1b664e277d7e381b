// The push/fold solver's pictures for `npm run screenshots` (scripts/screenshots.ts): the spot editor with a
// six-handed ICM spot, that spot solved (the cutoff's push chart, a hand up close, the ICM equity table), and the
// demo player's bought 10 bb push chart priced in EV against the heads-up solution.
import type { Page } from 'playwright-core';

import type { Shot } from './screenshots.ts';

const TABLE = { stacks: [10, 15, 8, 20, 12, 9], ante: '0.125' };

async function openSolver(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/tournament?tool=push-fold`);
  await page.getByRole('button', { name: 'Solve', exact: true }).waitFor();
}

async function tableSpot(page: Page, baseUrl: string): Promise<void> {
  await openSolver(page, baseUrl);
  await page.getByLabel('Players').selectOption(String(TABLE.stacks.length));
  for (const [seat, stack] of TABLE.stacks.entries())
    await page.getByTestId(`push-fold-stack-${seat}`).fill(String(stack));
  await page.getByLabel('Ante, bb').fill(TABLE.ante);
  await page.getByLabel('Payouts').selectOption('top3');
}

/**
 * A click on a cell scrolls it into view; back at the top, the sticky header sits at the top of the full-page
 * picture rather than across the middle of it.
 */
async function toTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function solve(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page
    .locator('[data-testid="push-fold-results"]:not([aria-busy="true"])')
    .waitFor({ timeout: 90_000 });
}

export const PUSH_FOLD_SHOTS: Shot[] = [
  {
    name: 'push-fold-editor',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await tableSpot(page, baseUrl);
      // The last field typed in keeps no focus ring in the picture.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await toTop(page);
    },
  },
  {
    name: 'push-fold-solved',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await tableSpot(page, baseUrl);
      await solve(page);
      await page.getByLabel('Seat').selectOption({ label: 'CO · 8 bb' });
      await page.locator('[data-testid="push-fold-chart"] [data-hand="A8o"]').click();
      await page.getByTestId('push-fold-equity').waitFor();
      await toTop(page);
    },
  },
  {
    name: 'push-fold-diff',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await openSolver(page, baseUrl);
      await solve(page);
      await page
        .getByLabel('Your chart', { exact: true })
        .selectOption({ label: 'My push/fold › SB push › 10bb' });
      await page.locator('[data-testid="push-fold-diff-chart"] [data-hand="K6o"]').click();
      await page.getByTestId('push-fold-diff-summary').waitFor();
      await toTop(page);
    },
  },
];
