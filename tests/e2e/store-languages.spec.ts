// The store in the player's language, in a real browser against the real server: in Russian the store list and a
// product page show the packages', items' and lessons' Russian names and descriptions (stored per language), and a
// bought lesson plays spoken in Russian with its Russian captions showing. Screenshots at 375 and 1440 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { tr } from './support/i18n.ts';
import { registerInPage } from './support/page-api.ts';

const t = (key: string) => tr('ru-RU', key);

/** Calls the API from the page with the player's token; the answer's data. */
function call(page: Page, path: string, body?: unknown) {
  return page.evaluate(
    async ({ path: url, body: payload }) => {
      const token = localStorage.getItem('rangeforge.token');
      const response = await fetch(url, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const answer = (await response.json()) as { data: unknown };
      if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
      return answer.data as never;
    },
    { path, body },
  );
}

describe('the store in Russian', () => {
  const app = withAppAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await app.session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'ru-RU',
    });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

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
    await call(page, '/api/v1/users/language', { language: 'ru-RU' });
    const shop = (await call(page, '/api/shop?lang=ru-RU')) as {
      list: Array<{ id: number; video_courses: Array<{ id: number; name: string }> }>;
    };
    const offer = shop.list.find((entry) =>
      entry.video_courses.some((item) => item.name === 'Игра коротким стеком в турнирах'),
    )!;
    const course = offer.video_courses[0]!;
    const cost = (await call(page, '/api/v1/shop/cost/shop', {
      package_id: offer.id,
      products: [],
      video_courses: [course.id],
    })) as { cloud_payments_params: { order_id: string; hash: string } };
    await call(page, '/api/v1/payments/sandbox/charge', {
      order_id: cost.cloud_payments_params.order_id,
      hash: cost.cloud_payments_params.hash,
    });

    await page.goto(`${app.server.baseUrl}/store/${offer.id}`);
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
      .getByRole('button', { name: t('shop:lessons.watch') })
      .first()
      .click();
    const player = page
      .getByRole('dialog', { name: 'Чарт олл-инов на 10bb класс за классом' })
      .locator('video');
    await expect.poll(() => player.getAttribute('src')).toMatch(/\/video\?.*&lang=ru-RU$/);
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
    const media = await player.evaluate((element: HTMLVideoElement) => ({
      duration: element.duration,
      error: element.error?.code ?? null,
      tracks: Array.from(element.textTracks).map((track) => [track.language, track.mode]),
    }));
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
