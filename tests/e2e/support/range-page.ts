// The range tool as browser specs drive it: a chart cell, the save state beside the library, and opening a range
// from the library.
import type { Page } from 'playwright-core';

/** The chart cell of one hand class. */
export const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);

/** The save queue's state as the library shows it (data-state: saved, saving, offline, conflict, gone…). */
export const saveState = (page: Page) => page.getByTestId('save-state').getAttribute('data-state');

/** Clicks a range in the library and waits until the editor holds it. */
export async function openRange(page: Page, id: number): Promise<void> {
  await page.locator(`[data-node-id="${id}"] .library-node__name`).click();
  await page.locator(`[data-node-id="${id}"] .library-node__name[aria-current="true"]`).waitFor();
}

/**
 * Paints a range typed in PokerStove notation into one colour of the open chart, as a player does with the toolbar's
 * "Import / export": the colour chosen in the legend, the text imported into it (replacing that colour's hands).
 */
export async function paintText(page: Page, colorLabel: string, text: string): Promise<void> {
  await page.locator('.range-button__choose', { hasText: colorLabel }).first().click();
  const panel = page.locator('.range-toolbar__text');
  if (!(await panel.isVisible())) await page.locator('.range-toolbar [aria-expanded]').last().click();
  await panel.locator('textarea').fill(text);
  await panel.getByRole('button', { name: 'Import into current colour' }).click();
}
