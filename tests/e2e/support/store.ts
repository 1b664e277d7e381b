// The store as browser specs use it: buying a video course through the sandbox card provider, and playing a lesson.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { callInPage } from './page-api.ts';

/**
 * Buys the video course named `course` as the page's signed-in player, paid through the sandbox card provider; the
 * store list is read with `query` (`?lang=ru-RU` to find the course by its Russian name). Returns the offer's id.
 */
export async function buyCourseInPage(page: Page, course: string, query = ''): Promise<number> {
  const shop = await callInPage<{ list: { id: number; video_courses: { id: number; name: string }[] }[] }>(
    page,
    `/api/shop${query}`,
  );
  const offer = shop.list.find((entry) => entry.video_courses.some((item) => item.name === course))!;
  const item = offer.video_courses.find((entry) => entry.name === course)!;
  const cost = await callInPage<{ cloud_payments_params: { order_id: string; hash: string } }>(
    page,
    '/api/v1/shop/cost/shop',
    { package_id: offer.id, products: [], video_courses: [item.id] },
  );
  // The window's own sandbox charge: the order and the hash the server signed it with.
  await callInPage(page, '/api/v1/payments/sandbox/charge', {
    order_id: cost.cloud_payments_params.order_id,
    hash: cost.cloud_payments_params.hash,
  });
  return offer.id;
}

/**
 * Starts the lesson's video muted, the way a player would where autoplay without a gesture is refused, waits until it
 * has played a second, and returns what the element reports: length, frame width, error and its caption tracks.
 */
export async function playVideo(player: Locator) {
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  return player.evaluate((element: HTMLVideoElement) => ({
    duration: element.duration,
    width: element.videoWidth,
    error: element.error?.code ?? null,
    tracks: Array.from(element.textTracks).map((track) => [track.language, track.mode]),
  }));
}
