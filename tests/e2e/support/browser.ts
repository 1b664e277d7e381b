// Debian's chromium driven by playwright-core: never a downloaded browser. The flags keep it off the network
// (this machine has none) and make it start quickly and headless as root. Playwright gives every launch a fresh
// temporary profile of its own.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { type AppServer, startAppServer } from './app-server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../../test-results/e2e/', import.meta.url));

/** Viewport widths the spec's breakpoints are checked at; screenshots are kept for each. */
export const SCREENSHOT_WIDTHS = [375, 990, 1440] as const;

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations reported so far by any page or worker of the session. */
  cspViolations(): string[];
  /** Closes the browser; throws when the server's CSP blocked anything, so every suite runs under the real CSP. */
  close(): Promise<void>;
}

/**
 * Turns each `securitypolicyviolation` event into a console error the test side can see. Chromium also logs
 * "Refused to ..." for blocks inside workers; both are collected.
 */
const REPORT_VIOLATIONS = `
  self.addEventListener('securitypolicyviolation', (event) => {
    console.error('CSP violation: ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline'));
  });
`;
const CSP_MESSAGE = /CSP violation|Content Security Policy/;

function watchViolations(context: BrowserContext, violations: string[]): void {
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && CSP_MESSAGE.test(message.text())) {
        violations.push(`${page.url()}: ${message.text()}`);
      }
    });
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
}

/** `args`: extra chromium switches (a benchmark comparing with a scheduling feature off). */
export async function launchBrowser({ args = [] }: { args?: string[] } = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
  const violations: string[] = [];
  // Every context of this browser reports, including the extra ones suites open for a second user.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const created = await newContext(options);
    await created.addInitScript(REPORT_VIOLATIONS);
    watchViolations(created, violations);
    return created;
  };
  // A fixed browser language: the app follows it on a first visit (i18next-browser-languagedetector).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    cspViolations: () => [...violations],
    async close() {
      await browser.close();
      if (violations.length > 0) throw new Error(`CSP violations:\n${violations.join('\n')}`);
    },
  };
}

/**
 * Saves a full-page screenshot under test-results/e2e/<name>-<width>.png at each of `widths` (every checked width
 * unless told), from the narrowest to the widest; the page is left at the last.
 */
export async function screenshotAtWidths(
  page: Page,
  name: string,
  widths: readonly number[] = SCREENSHOT_WIDTHS,
): Promise<string[]> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const paths: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const path = join(ARTIFACTS_DIR, `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    paths.push(path);
  }
  return paths;
}

/**
 * The describe-level set-up most browser specs share: a real app server (built SPA, API, fresh SQLite) and one
 * browser, both closed after the suite. Read the fields inside hooks or tests: they are set in beforeAll.
 */
export function withAppAndBrowser(extraEnv: NodeJS.ProcessEnv = {}): {
  server: AppServer;
  session: BrowserSession;
  page: Page;
} {
  const app = {} as { server: AppServer; session: BrowserSession; page: Page };
  beforeAll(async () => {
    app.server = await startAppServer(extraEnv);
    app.session = await launchBrowser();
    app.page = app.session.page;
  });
  afterAll(async () => {
    await app.session?.close();
    await app.server?.stop();
  });
  return app;
}

/**
 * A browser context of its own in `locale` (the app follows the browser's language on a first visit) with one page at
 * 1440 px, opened in beforeAll and closed after the suite. Call it inside the describe, after withAppAndBrowser, and
 * read the fields inside hooks or tests.
 */
export function withPageIn(
  app: { session: BrowserSession },
  locale: string,
): { context: BrowserContext; page: Page } {
  const opened = {} as { context: BrowserContext; page: Page };
  beforeAll(async () => {
    opened.context = await app.session.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    opened.page = await opened.context.newPage();
  });
  afterAll(() => opened.context?.close());
  return opened;
}
