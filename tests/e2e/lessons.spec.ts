// In a real browser: a player buys a seeded video course and its lessons play (the seeded
// lessons are real videos rendered at seed time), with a poster and captions in the interface language.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { withAppAndBrowser } from './support/browser.ts';
import { registerInPage } from './support/page-api.ts';

/** Registers in the page, buys the course named `course` through the sandbox card provider, returns its offer. */
async function buyCourse(page: Page, username: string, course: string): Promise<number> {
  await registerInPage(page, username);
  return page.evaluate(
    async ({ wanted }) => {
      const call = async (path: string, body?: unknown) => {
        const token = localStorage.getItem('rangeforge.token');
        const response = await fetch(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const payload = (await response.json()) as { data: never };
        if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(payload)}`);
        return payload.data as Record<string, unknown>;
      };
      const shop = (await call('/api/shop')) as {
        list: { id: number; premium_required: boolean; video_courses: { id: number; name: string }[] }[];
      };
      const offer = shop.list.find((entry) => entry.video_courses.some((item) => item.name === wanted))!;
      const item = offer.video_courses.find((entry) => entry.name === wanted)!;
      const cost = (await call('/api/v1/shop/cost/shop', {
        package_id: offer.id,
        products: [],
        video_courses: [item.id],
      })) as { cloud_payments_params: { order_id: string; hash: string } };
      // The window's own sandbox charge: the order and the hash the server signed it with.
      await call('/api/v1/payments/sandbox/charge', {
        order_id: cost.cloud_payments_params.order_id,
        hash: cost.cloud_payments_params.hash,
      });
      return offer.id;
    },
    { wanted: course },
  );
}

describe('course lessons', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('plays a seeded lesson after purchase, with its poster and captions', async () => {
    await page.goto(`${server.baseUrl}/`);
    const offerId = await buyCourse(page, 'lesson_watcher', 'Preflop fundamentals');
    await page.goto(`${server.baseUrl}/store/${offerId}`);
    await page.getByRole('button', { name: 'Watch' }).first().click();
    const player = page.getByRole('dialog').locator('video');
    await expect
      .poll(() => player.getAttribute('poster'))
      .toMatch(/^\/api\/v1\/shop\/lessons\/\d+\/poster\?/);
    // Autoplay may be refused without a gesture on some builds: start it the way a player would.
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
    const media = await player.evaluate((element: HTMLVideoElement) => ({
      duration: element.duration,
      width: element.videoWidth,
      error: element.error?.code ?? null,
      tracks: Array.from(element.textTracks).map((track) => [track.language, track.mode]),
    }));
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
