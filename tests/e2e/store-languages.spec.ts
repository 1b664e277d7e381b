// The store in the player's language, in a real browser against the real server: in Russian the store list and a
// product page show the packages', items' and lessons' Russian names and descriptions (stored per language), and a
// bought lesson plays spoken in Russian with its Russian captions showing. Screenshots at 375 and 1440 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { screenshotAtWidths, withAppAndBrowser, withPageIn } from './support/browser.ts';
import { ru } from './support/i18n.ts';
import { callInPage, registerInPage } from './support/page-api.ts';
import { buyCourseInPage, playVideo } from './support/store.ts';

describe('the store in Russian', () => {
  const app = withAppAndBrowser();
  const russian = withPageIn(app, 'ru-RU');
  let page: Page;
  beforeAll(() => ({ page } = russian));

  it('lists the packages, items and descriptions in Russian', async () => {
    await page.goto(`${app.server.baseUrl}/store`);
    await page.getByRole('link', { name: 'Кэш 6-max 100bb' }).waitFor();
    const cards = page.locator('main');
    for (const text of [
      'Турнирный пуш/фолд',
      'Игра коротким стеком в турнирах: диапазоны олл-ина и колла от 5 до 20 больших блайндов.',
      'Диапазоны открытия по позициям',
      'Диапазоны 3-бета и колла',
      'Чарты пуш/фолд 5–20bb',
      'Основы префлопа',
    ]) {
      await expect.poll(() => cards.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
    }
    expect(await cards.getByText('Opening ranges by position').count()).toBe(0);
    await screenshotAtWidths(page, 'store-ru');
  });

  it('shows a product page in Russian and plays a bought lesson spoken in Russian with Russian captions', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.server.baseUrl}/store`);
    await registerInPage(page, 'igrok_ru');
    await callInPage(page, '/api/v1/users/language', { language: 'ru-RU' });
    const offerId = await buyCourseInPage(page, 'Игра коротким стеком в турнирах', '?lang=ru-RU');

    await page.goto(`${app.server.baseUrl}/store/${offerId}`);
    await page.getByRole('heading', { name: 'Турнирный пуш/фолд' }).waitFor();
    const lessons = page.locator('.lessons__item > span:first-child');
    await expect
      .poll(() => lessons.allTextContents())
      .toEqual([
        'Чарт олл-инов на 10bb класс за классом',
        'Колл олл-ина: чарт большого блайнда',
        'ICM на пузыре против EV в фишках',
      ]);
    await expect
      .poll(() => page.getByText('Равновесие Нэша один на один, посчитанное движком').count())
      .toBe(1);
    await screenshotAtWidths(page, 'product-ru');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByRole('button', { name: ru('shop:lessons.watch') })
      .first()
      .click();
    const player = page
      .getByRole('dialog', { name: 'Чарт олл-инов на 10bb класс за классом' })
      .locator('video');
    await expect.poll(() => player.getAttribute('src')).toMatch(/\/video\?.*&lang=ru-RU$/);
    const media = await playVideo(player);
    expect(media.error).toBeNull();
    // Minutes of Russian speech, not a 15-second clip.
    expect(media.duration).toBeGreaterThan(150);
    expect(media.tracks).toEqual([
      ['en-US', 'disabled'],
      ['ru-RU', 'showing'],
      ['zh-CN', 'disabled'],
      ['es-ES', 'disabled'],
    ]);
    await expect
      .poll(() =>
        player.evaluate(
          (element: HTMLVideoElement) =>
            (
              Array.from(element.textTracks).find((track) => track.mode === 'showing')
                ?.activeCues?.[0] as VTTCue
            )?.text ?? '',
        ),
      )
      .toMatch(/^В этом уроке мы пройдём чарт олл-инов/);
    await screenshotAtWidths(page, 'lesson-ru');
  });
});
