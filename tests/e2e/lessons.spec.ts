// In a real browser: a player buys a seeded video course and its lessons play (the seeded
// lessons are real videos rendered at seed time), with a poster and captions in the interface language.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { withAppAndBrowser } from './support/browser.ts';
import { registerInPage } from './support/page-api.ts';
import { buyCourseInPage, playVideo } from './support/store.ts';

describe('course lessons', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('plays a seeded lesson after purchase, with its poster and captions', async () => {
    await page.goto(`${server.baseUrl}/`);
    await registerInPage(page, 'lesson_watcher');
    const offerId = await buyCourseInPage(page, 'Preflop fundamentals');
    await page.goto(`${server.baseUrl}/store/${offerId}`);
    await page.getByRole('button', { name: 'Watch' }).first().click();
    const player = page.getByRole('dialog').locator('video');
    await expect
      .poll(() => player.getAttribute('poster'))
      .toMatch(/^\/api\/v1\/shop\/lessons\/\d+\/poster\?/);
    const media = await playVideo(player);
    expect(media.duration).toBeGreaterThan(5);
    expect(media.width).toBe(640);
    expect(media.error).toBeNull();
    expect(media.tracks).toEqual([
      ['en-US', 'showing'],
      ['ru-RU', 'disabled'],
      ['zh-CN', 'disabled'],
      ['es-ES', 'disabled'],
    ]);
    // The English captions loaded and have cues, the first at the start of the lesson.
    await expect
      .poll(() =>
        player.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.[0]?.startTime ?? -1),
      )
      .toBe(0);
  });
});
