// Course publishing in a real browser: an admin cannot publish a course with a lesson that has no
// video. The admin creates a course (a draft, not in the store), adds an empty lesson, is refused on Publish with
// the lesson named, uploads a video (one the seed rendered), publishes, and the course appears in the store; the
// admin panel's audit log then lists each step.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { type BrowserSession, withAppAndBrowser } from './support/browser.ts';
import { logInThroughForm as logIn } from './support/page-api.ts';

/** The store's course names as a visitor sees them, read from the page. */
async function storeText(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/store`);
  await page.getByText('Preflop fundamentals').first().waitFor({ timeout: 30_000 });
  return (await page.locator('main').textContent()) ?? '';
}

describe('course publishing', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  beforeAll(() => ({ server, session } = app));

  it('refuses to publish a course whose lesson has no video, then publishes it once the video is uploaded', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await context.newPage();
    await logIn(admin, server.baseUrl, server.accounts.admin.email, server.accounts.admin.password);
    await admin.goto(`${server.baseUrl}/admin`);

    const form = admin.getByRole('form', { name: 'Add an item' });
    await form.getByLabel('Type').selectOption('video_course');
    await form.getByLabel('Name (English)').fill('River decisions');
    await form.getByLabel('Price, USD').fill('29');
    await form.getByLabel('Price, RUB').fill('2500');
    await form.getByRole('button', { name: 'Create' }).click();

    const row = admin.getByRole('listitem', { name: 'River decisions' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Draft');
    await row.getByRole('button', { name: 'Lessons' }).click();
    await row.getByLabel('New lesson title').fill('Thin value bets');
    await row.getByRole('button', { name: 'Add lesson' }).click();
    await row.getByText('no video').waitFor();

    await row.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => row.getByRole('alert').textContent())
      .toBe('Cannot publish: upload a video for this lesson first: Thin value bets');
    expect(await row.textContent()).toContain('Draft');

    const visitor = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const store = await visitor.newPage();
    expect(await storeText(store, server.baseUrl)).not.toContain('River decisions');

    // A real lesson video: one of the MP4s the seed rendered into the server's media folder.
    const videos = join(server.dataDir, 'media', 'videos');
    const mp4 = readdirSync(videos).find((file) => file.endsWith('.mp4'));
    expect(mp4).toBeDefined();
    await row.getByLabel('Video for “Thin value bets”').setInputFiles(join(videos, mp4!));
    await row.getByText('no video').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Publish' }).click();
    await row.getByRole('button', { name: 'Back to draft' }).waitFor();
    expect(await row.textContent()).toContain('Published');
    expect(await row.getByRole('alert').count()).toBe(0);

    expect(await storeText(store, server.baseUrl)).toContain('River decisions');

    // The audit log lists each step, newest first, under the admin's name; the refused publish is not there.
    await admin.reload();
    const audit = admin.getByRole('region', { name: 'Audit log' });
    await audit.getByText('Store item published or set to draft').waitFor();
    const actions = await audit.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions).toEqual([
      'Store item published or set to draft',
      'Lesson video uploaded',
      'Lesson added',
      'Store item created',
    ]);
    expect(await audit.locator('tbody tr').first().textContent()).toContain('published: true');
    await visitor.close();
    await context.close();
  });
});
