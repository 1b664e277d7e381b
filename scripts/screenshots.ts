/// <reference lib="dom" />
// `npm run screenshots`: the product as a player sees it, for the README. Builds the SPA, starts the real server on
// a freshly migrated and seeded SQLite in a throwaway folder (as the browser suite does), signs in as the demo
// player in Debian's chromium and saves the range tool, store, product page, payment window and profile at 375,
// 990 and 1440 px into docs/screenshots/. Run it after a visual change and commit the pictures.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';
import sharp from 'sharp';

import { startAppServer } from '../tests/e2e/support/app-server.ts';
import { launchBrowser, SCREENSHOT_WIDTHS } from '../tests/e2e/support/browser.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = join(root, 'docs', 'screenshots');

interface Shot {
  name: string;
  /** Brings the page to the state worth showing; resolves when it has rendered. */
  prepare(page: Page, baseUrl: string): Promise<void>;
  /** A modal covers the viewport, not the page: the window alone is the picture. */
  viewportOnly?: boolean;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Fonts loaded and transitions over, so every width shows the finished look.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

const SHOTS: Shot[] = [
  {
    name: 'range-tool',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      await page.locator('.library-node__name', { hasText: 'CO open' }).first().click();
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
    },
  },
  {
    // The seeded CO open chart on every flop (its hero colour against itself when it has one colour only).
    name: 'flop-report',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      await page.locator('.library-node__name', { hasText: 'CO open' }).first().click();
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
      await page.getByRole('link', { name: 'Flop report' }).first().click();
      for (const side of ['hero', 'villain']) {
        const chips = page.locator(`[data-side="${side}"]`);
        if ((await chips.locator('.chip-toggle.is-active').count()) === 0) {
          await chips.locator('.chip-toggle').first().click();
        }
      }
      await page.getByRole('button', { name: 'Run the report' }).click();
      await page.getByTestId('flop-report-equity').waitFor({ timeout: 600_000 });
    },
  },
  {
    name: 'store',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/store`);
      await page.locator('.offer').first().waitFor();
    },
  },
  {
    name: 'product-page',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/store/1`);
      await page.locator('.product .card').first().waitFor();
    },
  },
  {
    name: 'payment-window',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/store`);
      await page
        .locator('.offer')
        .first()
        .getByRole('button', { name: /^Buy for / })
        .click();
      await page.getByRole('dialog').getByRole('radio').first().waitFor();
    },
    viewportOnly: true,
  },
  {
    name: 'profile',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/profile`);
      await page.getByRole('tab').first().waitFor();
    },
  },
];

async function main(): Promise<void> {
  console.log('building the SPA…');
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const server = await startAppServer();
  const session = await launchBrowser();
  try {
    const { page } = session;
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByLabel('Login or e-mail').fill(server.accounts.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(server.accounts.demo.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    mkdirSync(outDir, { recursive: true });
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const shot of SHOTS) {
        await shot.prepare(page, server.baseUrl);
        await settle(page);
        const png = await page.screenshot({ fullPage: !shot.viewportOnly });
        // A 256-colour palette keeps the committed pictures small; the UI's flat colours survive it.
        const file = join(outDir, `${shot.name}-${width}.png`);
        writeFileSync(file, await sharp(png).png({ palette: true, compressionLevel: 9 }).toBuffer());
        console.log(`  ${file.slice(root.length)}`);
      }
    }
  } finally {
    await session.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
