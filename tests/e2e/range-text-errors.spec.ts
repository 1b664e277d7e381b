// A range text the engine cannot read, as a Russian-speaking player meets it in a real browser: the message names
// the token, the character it starts at and what is wrong, all in Russian inside the Russian sentence (it was the
// engine's English), and the chart's import selects the token to correct. Screenshots at 375 and 1440 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { screenshotAtWidths, withAppAndBrowser, withPageIn } from './support/browser.ts';
import { ru } from './support/i18n.ts';

/** The page at a phone's width and a desktop's, for looking at. */
const shoot = (page: Page, name: string) => screenshotAtWidths(page, name, [375, 1440]);

describe('range text the engine cannot read, in Russian', () => {
  const app = withAppAndBrowser();
  const russian = withPageIn(app, 'ru-RU');
  let page: Page;

  beforeAll(async () => {
    page = russian.page;
    await page.goto(`${app.server.baseUrl}/`);
    // "Движок 0.1.0 готов": the engine answers.
    const ready = ru('equity:engine.ready', { version: '|' }).split('|')[1]!.trim();
    await page.getByTestId('engine-status').filter({ hasText: ready }).waitFor({ timeout: 30_000 });
  });

  it("says what is wrong and where in the chart's import, and selects the token", async () => {
    await page.getByRole('button', { name: ru('ranges:toolbar.text') }).click();
    const text = 'AA, KJo : abc, QQ';
    const field = page.getByLabel(ru('ranges:toolbar.textLabel'));
    await field.fill(text);
    await page.getByRole('button', { name: ru('ranges:toolbar.import') }).click();
    const message = ru('equity:rangeText.weight_not_number', { token: 'KJo:abc', position: 5 });
    const alert = page.locator('.range-toolbar__text .range-error');
    await expect.poll(() => alert.textContent()).toBe(ru('ranges:toolbar.textError', { message }));
    const selected = await field.evaluate((element: HTMLTextAreaElement) =>
      element.value.slice(element.selectionStart, element.selectionEnd),
    );
    expect(selected).toBe('KJo : abc');
    // Nothing was painted from the refused text.
    expect(await page.locator('.range-grid [data-hand="AA"]').getAttribute('data-weight')).toBe('0');
    await shoot(page, 'range-text-error-import-ru');
  });

  it("says it in the opponent's text field too", async () => {
    const opponent = page.locator('.player__text').nth(1);
    await opponent.fill('QQ+, AKs, ZZ');
    await opponent.press('Enter');
    const message = ru('equity:rangeText.unknown_rank', { token: 'ZZ', position: 11 });
    await expect
      .poll(() => page.locator('.player__error').first().textContent())
      .toBe(ru('multiway:textError', { message }));
    await shoot(page, 'range-text-error-opponent-ru');
  });
});
