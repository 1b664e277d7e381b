// The SPA's user journeys in headless chromium against the real server (SQLite, sandbox card provider, mail
// outbox): register with a referral link, log in, restore a password with the mailed code, change the avatar,
// buy Premium with test (sandbox) payments, see the exact tether amount quoted to this buyer, submit a manual payment
// that the admin confirms (the referrer then sees the referral payment; test payments pay none) and later takes a
// pack of back, switch the language and open a legal PDF. Screenshots at 375, 990 and 1440 px go to test-results/e2e/.

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { type BrowserSession, screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { logInThroughForm as logIn } from './support/page-api.ts';
import { enterMailedCode, mailedCode } from './support/sign-up.ts';

const stamp = Date.now().toString(36).slice(-6);
const NEW_USER = { username: `e2e_${stamp}`, email: `e2e_${stamp}@example.com`, password: 'first-pass1' };
const NEW_PASSWORD = 'second-pass2';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.toast', { hasText: text }).first().waitFor({ timeout: 20_000 });
}

describe('app journeys', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  let page: Page;
  beforeAll(() => ({ server, session, page } = app));

  it('registers through a referral link and lands signed in', async () => {
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: server.accounts.demo.email, password: server.accounts.demo.password }),
    });
    const token = ((await login.json()) as { data: { me: { referral_token: string } } }).data.me
      .referral_token;
    expect(token).toBeTruthy();

    await page.goto(`${server.baseUrl}/auth/register/${token}`);
    await expect.poll(() => page.getByTestId('referral-note').textContent()).toContain(token);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Username is required').waitFor();
    await screenshotAtWidths(page, 'app-register-errors');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Username').fill(NEW_USER.username);
    await page.getByLabel('E-mail').fill(NEW_USER.email);
    await page.getByLabel('Password').fill(NEW_USER.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await enterMailedCode(page, NEW_USER.email);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Your profile' }).textContent())
      .toContain(NEW_USER.username);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('logs out and logs in again with the username', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await logIn(page, server.baseUrl, NEW_USER.username, NEW_USER.password);
    await expect
      .poll(() => page.getByRole('link', { name: 'Your profile' }).textContent())
      .toContain(NEW_USER.email);
  });

  it('restores the password with the mailed code, across a reload of the page', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.goto(`${server.baseUrl}/auth/restore`);
    await page.getByLabel('E-mail').fill(NEW_USER.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a code to ${NEW_USER.email}`).waitFor();
    // The code is checked with this tab's request token, kept in sessionStorage: a reload stays at the code step.
    await page.reload();
    await page.getByText(`We sent a code to ${NEW_USER.email}`).waitFor();
    const restoreCode = await mailedCode(server.dataDir, NEW_USER.email, {
      subject: 'RangeForge password restore code',
    });
    await page.getByLabel('Confirmation code').fill(restoreCode);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await screenshotAtWidths(page, 'app-restore-done');
    await page.setViewportSize({ width: 1440, height: 900 });
    await logIn(page, server.baseUrl, NEW_USER.email, NEW_PASSWORD);
  });

  it('changes the avatar', async () => {
    await page.goto(`${server.baseUrl}/profile`);
    const headerAvatar = page.locator('.profile-block img');
    expect(await headerAvatar.getAttribute('src')).toBe('/images/default-avatar.svg');
    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 34, g: 197, b: 94 } },
    })
      .png()
      .toBuffer();
    await page.locator('input[type="file"][name="avatar"]').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await toast(page, 'Avatar updated');
    await expect.poll(() => headerAvatar.getAttribute('src')).toMatch(/^\/media\/avatars\/.+/);
    const src = await headerAvatar.getAttribute('src');
    const image = await page.evaluate(async (url) => (await fetch(url!)).headers.get('content-type'), src);
    expect(image).toMatch(/^image\//);
    await screenshotAtWidths(page, 'app-profile');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('buys Premium through the sandbox card provider', async () => {
    await page.goto(`${server.baseUrl}/store`);
    await page.getByRole('button', { name: 'Activate Premium' }).click();
    const premium = page.getByRole('dialog', { name: 'Premium' });
    await premium.getByText('Copy ready-made strategies').waitFor();
    await premium.getByRole('button', { name: /^Buy for / }).click();
    const payment = page.getByRole('dialog', { name: 'Premium activation' });
    await payment.getByRole('radio', { name: /Card payment/ }).waitFor();
    expect(await payment.getByRole('radio', { name: /Card payment/ }).isChecked()).toBe(true);
    await screenshotAtWidths(page, 'app-payment-window');
    await page.setViewportSize({ width: 1440, height: 900 });
    await payment.getByRole('button', { name: 'Buy', exact: true }).click();
    await toast(page, 'Payment successful. Thank you!');
    await page.goto(`${server.baseUrl}/profile`);
    await page.locator('.profile__summary .badge', { hasText: 'Premium' }).waitFor();
    await page.getByRole('cell', { name: 'Premium' }).first().waitFor();
  });

  it('submits a manual card-transfer payment for a store package', async () => {
    await page.goto(`${server.baseUrl}/store`);
    const offer = page.locator('.offer', { hasText: '6-max Cash 100bb' });
    await offer.getByRole('button', { name: /^Buy for / }).click();
    const payment = page.getByRole('dialog', { name: '6-max Cash 100bb' });
    await payment.getByRole('checkbox', { name: /Opening ranges by position/ }).waitFor();
    // Tether: this buyer’s exact amount (the price plus an offset in millionths of a USDT), to copy into the wallet,
    // quoted when the coin is picked (opening the window quotes nothing).
    await payment.getByRole('radio', { name: /Tether/ }).check();
    await payment.getByText('Send exactly this amount, in one transfer:').waitFor();
    const exact = payment.locator('.copy-field', {
      has: page.getByRole('button', { name: 'Copy the amount' }),
    });
    const shown = await exact.locator('code').textContent();
    expect(shown).toMatch(/^\d+\.\d{6} USDT$/);
    await screenshotAtWidths(page, 'app-payment-tether');
    await page.setViewportSize({ width: 1440, height: 900 });
    await payment.getByRole('radio', { name: /Bank card transfer/ }).check();
    expect(await payment.getByRole('button', { name: 'Copy the amount' }).count()).toBe(0);
    // Tether picked again: the same amount.
    await payment.getByRole('radio', { name: /Tether/ }).check();
    expect(await exact.locator('code').textContent()).toBe(shown);
    await payment.getByRole('radio', { name: /Bank card transfer/ }).check();
    await payment.getByRole('button', { name: 'Send' }).click();
    await payment.getByText('Confirm is required').waitFor();
    await payment.getByLabel('Last 4 digits of the card you paid with').fill('12');
    await payment.getByRole('button', { name: 'Send' }).click();
    await payment.getByText('Invalid confirmation').waitFor();
    await payment.getByLabel('Last 4 digits of the card you paid with').fill('4417');
    await payment.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'The payment data has been sent. Please wait for confirmation.');
    await payment.waitFor({ state: 'detached' });
  });

  it('lets the admin confirm the manual payment, and the referrer sees the referral payments', async () => {
    const adminContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await logIn(admin, server.baseUrl, server.accounts.admin.email, server.accounts.admin.password);
    await admin.goto(`${server.baseUrl}/admin`);
    const row = admin.getByRole('row', { name: new RegExp(NEW_USER.username) });
    await row.waitFor();
    expect(await row.textContent()).toContain('4417');
    await screenshotAtWidths(admin, 'app-admin');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await row.getByRole('button', { name: 'Confirm' }).click();
    await toast(admin, 'Payment confirmed');
    await adminContext.close();

    const referrerContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const referrer = await referrerContext.newPage();
    await logIn(referrer, server.baseUrl, server.accounts.demo.email, server.accounts.demo.password);
    await referrer.goto(`${server.baseUrl}/profile`);
    await referrer.getByRole('tab', { name: 'Referral payments' }).click();
    const rows = referrer.getByRole('row', { name: new RegExp(NEW_USER.username) });
    await rows.first().waitFor();
    // The confirmed store package pays the referrer; the Premium bought with test (sandbox) payments does not.
    await expect.poll(() => rows.count()).toBe(1);
    // On a phone (375 px) each payment is a compact row whose amount and date are on screen without scrolling.
    await referrer.setViewportSize({ width: 375, height: 800 });
    const payment = rows.first();
    expect((await payment.boundingBox())!.height).toBeLessThan(64);
    for (const column of ['.referral__amount', '.referral__date']) {
      const cell = (await payment.locator(column).boundingBox())!;
      expect(cell.width, column).toBeGreaterThan(20);
      expect(cell.x, column).toBeGreaterThanOrEqual(0);
      expect(cell.x + cell.width, column).toBeLessThanOrEqual(375);
    }
    const sideways = await referrer.evaluate(() => {
      const wrap = document.querySelector('.table--referrals')!.closest('.table-wrap')!;
      return wrap.scrollWidth > wrap.clientWidth || document.documentElement.scrollWidth > 375;
    });
    expect(sideways).toBe(false);
    await referrerContext.close();

    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('cell', { name: 'Opening ranges by position' }).waitFor();
  });

  it('opens a bought strategy read-only and paints on an editable copy of it', async () => {
    await page.goto(`${server.baseUrl}/`);
    const bought = page.locator('.library-node__name', { hasText: 'UTG open (16%)' });
    await bought.click();
    const notice = page.getByRole('note').filter({ hasText: 'Ready-made strategy' });
    await notice.waitFor();
    // A press on the chart as sold changes nothing, so no save is refused and no edit is lost.
    const sevenTwo = page.locator('.range-grid [data-hand="72o"]');
    await sevenTwo.click();
    await page.waitForTimeout(1500);
    expect(await sevenTwo.getAttribute('data-weight')).toBe('0');
    expect(await page.getByTestId('save-state').getAttribute('data-state')).not.toBe('error');
    await screenshotAtWidths(page, 'range-template');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The player owns Premium (bought above): the copy opens in the editor and takes paints, saved.
    await notice.getByRole('button', { name: 'Make an editable copy' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.locator('.range-grid[aria-busy="false"]').waitFor();
    await sevenTwo.click();
    await expect.poll(() => sevenTwo.getAttribute('data-weight')).toBe('100');
    await expect
      .poll(() => page.getByTestId('save-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    expect(await page.locator('.library-node__name', { hasText: 'UTG open (16%)' }).count()).toBe(2);
  });

  it('plays an owned course lesson after the admin uploads its video', async () => {
    const adminContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await logIn(admin, server.baseUrl, server.accounts.admin.email, server.accounts.admin.password);
    await admin.goto(`${server.baseUrl}/admin`);
    // A one-second WebM recorded in the browser itself: no video fixture or encoder needed.
    const video = await admin.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const done = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      for (let frame = 0; frame < 10; frame += 1) {
        context.fillStyle = `hsl(${frame * 36}, 70%, 45%)`;
        context.fillRect(0, 0, 64, 64);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      recorder.stop();
      await done;
      return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
    });
    const course = admin.locator('.item-list__row', { hasText: 'Preflop fundamentals' });
    await course.getByRole('button', { name: 'Lessons' }).click();
    const lesson = course.locator('.lessons__item').first();
    await lesson.locator('input[type="file"]').setInputFiles({
      name: 'lesson.webm',
      mimeType: 'video/webm',
      buffer: Buffer.from(video),
    });
    await toast(admin, 'Video uploaded');
    await adminContext.close();

    await page.goto(`${server.baseUrl}/store/1`);
    await page.getByRole('button', { name: 'Watch' }).first().click();
    const player = page.getByRole('dialog').locator('video');
    await expect
      .poll(() => player.getAttribute('src'))
      .toMatch(/^\/api\/v1\/shop\/lessons\/\d+\/video(\?.+)?$/);
    const src = (await player.getAttribute('src')) ?? '';
    const partial = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        headers: {
          Range: 'bytes=0-99',
          Authorization: `Bearer ${localStorage.getItem('rangeforge.token') ?? ''}`,
        },
      });
      return { status: response.status, length: (await response.arrayBuffer()).byteLength };
    }, src);
    expect(partial).toEqual({ status: 206, length: 100 });
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it('lets the admin take back a pack of the manual payment refunded by hand; the buyer sees it refunded', async () => {
    const adminContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await logIn(admin, server.baseUrl, server.accounts.admin.email, server.accounts.admin.password);
    await admin.goto(`${server.baseUrl}/admin`);
    await admin.getByLabel('Status').selectOption('paid');
    const row = admin.getByRole('row', { name: new RegExp(NEW_USER.username) });
    await row.getByRole('button', { name: 'Take back…' }).click();
    const dialog = admin.getByRole('dialog', { name: /^Refund of order #\d+$/ });
    await dialog.getByRole('checkbox', { name: /Opening ranges by position/ }).check();
    await dialog.getByLabel('Money sent back by hand').fill('0');
    await dialog.getByRole('button', { name: 'Take back', exact: true }).click();
    const confirm = dialog.getByRole('alertdialog');
    await confirm.getByText(/^The buyer loses Opening ranges by position,/).waitFor();
    await screenshotAtWidths(admin, 'app-take-back');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await confirm.getByRole('button', { name: 'Yes, take back' }).click();
    await toast(admin, 'Taken back');
    await dialog.waitFor({ state: 'detached' });
    await adminContext.close();

    await page.goto(`${server.baseUrl}/profile`);
    const line = page.getByRole('row', { name: /Opening ranges by position/ });
    await line.getByText('Refunded').waitFor();
    // The pack's ready-made folder went with it; what else the order bought stays.
    await page.getByRole('row', { name: /Preflop fundamentals/ }).waitFor();
    expect(await page.getByRole('row', { name: /Preflop fundamentals/ }).textContent()).not.toContain(
      'Refunded',
    );
  });

  it('switches the language, saving it on the server, and opens a legal PDF in a new tab', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('button', { name: /Interface language/ }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Русский' }).click()]);
    await page.getByRole('link', { name: 'Кэш-диапазоны' }).first().waitFor();
    const language = await page.evaluate(async () => {
      const response = await fetch('/api/v1/auth/user', {
        headers: { Authorization: `Bearer ${localStorage.getItem('rangeforge.token') ?? ''}` },
      });
      return ((await response.json()) as { data: { me: { language: string } } }).data.me.language;
    });
    expect(language).toBe('ru-RU');
    await screenshotAtWidths(page, 'app-home-ru');
    await page.setViewportSize({ width: 1440, height: 900 });

    const [pdf] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Условия использования' }).click(),
    ]);
    await pdf.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(pdf.url()).toBe(`${server.baseUrl}/docs/ru-RU/terms_and_contitions.pdf`);
    const head = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { type: response.headers.get('content-type'), magic: String.fromCharCode(...bytes.slice(0, 5)) };
    }, pdf.url());
    expect(head).toEqual({ type: 'application/pdf', magic: '%PDF-' });
    await pdf.close();
  });

  it('shows the store and a product page at every width', async () => {
    await page.goto(`${server.baseUrl}/store`);
    await page.locator('.offer').first().waitFor();
    await screenshotAtWidths(page, 'app-store');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.offer__name a').first().click();
    await page.locator('.product .card').first().waitFor();
    await screenshotAtWidths(page, 'app-product');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
