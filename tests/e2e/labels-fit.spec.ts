// The header's links and the range tool's labels whole at every breakpoint of the spec, in all four languages, in a
// real browser: a navigation link is never on two lines (the links sit beside the logo when they fit, on a row of
// their own when they fit there, in the burger menu below that, and are always shown from 990 px), the chart's mode
// select is never narrower than its choice, a colour button's name is never cut, and no page is wider than the
// screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withAppAndBrowser } from './support/browser.ts';
import { type Language, LANGUAGES, tr } from './support/i18n.ts';
import { logInInPage } from './support/page-api.ts';

const WIDTHS = [375, 560, 670, 990, 1130, 1390, 1440] as const;

interface Fit {
  pageWidth: number;
  /** The links are shown in the header (beside the logo or on a row of their own). */
  rowShown: boolean;
  burgerShown: boolean;
  /** Row links whose text takes more than one line or is cut. */
  wrappedLinks: string[];
  /** How far the user menu reaches past the header's row (px; 0 or less when it is inside). */
  userOverflow: number;
  /** The mode select's width and the width its longest choice needs. */
  select: { width: number; needed: number };
  /** Colour button names that are cut or take more than one line. */
  cutLabels: string[];
}

/** One frame, so the header's measure (a resize callback) has run for the viewport just set. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const header = document.querySelector<HTMLElement>('.header')!;
    const inner = header.querySelector('.header__inner')!.getBoundingClientRect();
    const user = header.querySelector('.header__user')!.getBoundingClientRect();
    const links = [...header.querySelectorAll<HTMLElement>('.nav .nav__link')];
    const select = document.querySelector<HTMLSelectElement>('.range-toolbar__field select')!;
    const width = select.getBoundingClientRect().width;
    // Its own width with nothing holding it in: what the longest choice needs.
    select.style.maxWidth = 'none';
    select.style.width = 'max-content';
    const needed = select.getBoundingClientRect().width;
    select.style.removeProperty('max-width');
    select.style.removeProperty('width');
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true }) && element.getBoundingClientRect().width > 1;
    const rowShown = shown(header.querySelector('.nav')!);
    return {
      pageWidth: document.documentElement.scrollWidth,
      rowShown,
      burgerShown: shown(header.querySelector('.burger__toggle')!),
      wrappedLinks: rowShown
        ? links
            .filter((link) => lines(link) > 1 || link.scrollWidth > link.clientWidth)
            .map((link) => link.textContent ?? '')
        : [],
      userOverflow: Math.ceil(user.right - inner.right),
      select: { width, needed },
      cutLabels: [...document.querySelectorAll<HTMLElement>('.range-button__label')]
        .filter((label) => lines(label) > 1 || label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent ?? ''),
    };
  });
}

describe('labels whole at every breakpoint', () => {
  const app = withAppAndBrowser();
  const pages = new Map<Language, Page>();

  beforeAll(async () => {
    for (const language of LANGUAGES) {
      const context = await app.session.browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: language,
      });
      const page = await context.newPage();
      await page.goto(`${app.server.baseUrl}/`);
      await logInInPage(page, app.server.accounts.demo.username, app.server.accounts.demo.password);
      await page.evaluate(async (next) => {
        await fetch('/api/v1/users/language', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${localStorage.getItem('rangeforge.token') ?? ''}`,
          },
          body: JSON.stringify({ language: next }),
        });
      }, language);
      await page.goto(`${app.server.baseUrl}/`);
      await page.getByRole('heading', { name: tr(language, 'common:nav.cash'), level: 1 }).waitFor();
      // The seeded CO open chart: its one colour has the longest name of the pack ("Raise 2.5bb").
      await page.locator('.library-node__name', { hasText: 'CO open' }).first().click();
      await page.locator('.range-grid [data-hand="AA"][data-weight="100"]').waitFor();
      pages.set(language, page);
    }
  });
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  it.each(LANGUAGES)(
    '%s: links on one line, shown from 990 px, the select and colour names whole',
    async (language) => {
      const page = pages.get(language)!;
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await nextFrame(page);
        const fit = await measure(page);
        const at = `${language} at ${width} px`;
        expect(fit.pageWidth, at).toBeLessThanOrEqual(width);
        // The links in the header or behind the burger, never both, never neither; a desktop shows them.
        expect(fit.burgerShown, at).toBe(!fit.rowShown);
        if (width >= 990) expect(fit.rowShown, at).toBe(true);
        expect(fit.wrappedLinks, at).toEqual([]);
        expect(fit.userOverflow, at).toBeLessThanOrEqual(0);
        expect(fit.select.width, at).toBeGreaterThanOrEqual(fit.select.needed - 0.5);
        expect(fit.cutLabels, at).toEqual([]);
      }
    },
  );

  it('keeps the links beside the logo at 1390 and 1440 px in English, and all below a two-row header in Russian', async () => {
    const page = pages.get('en-US')!;
    for (const width of [1390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await nextFrame(page);
      const [logo, link] = await Promise.all(
        ['.header__logo', '.nav .nav__link'].map((selector) =>
          page
            .locator(selector)
            .first()
            .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        ),
      );
      expect(
        Math.abs(logo!.top + logo!.height / 2 - (link!.top + link!.height / 2)),
        `${width} px`,
      ).toBeLessThan(2);
    }
    // The logout button is its icon in the row and keeps its name.
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // Russian at 1440 px: the links take a second row, and what sticks under the header (the library beside the
    // chart) stays under both rows when the page scrolls.
    const ru = pages.get('ru-RU')!;
    await ru.setViewportSize({ width: 1440, height: 900 });
    await nextFrame(ru);
    await ru.mouse.wheel(0, 600);
    await expect
      .poll(() =>
        ru.evaluate(() => {
          const header = document.querySelector('.header')!.getBoundingClientRect();
          const library = document.querySelector('.range-library')!.getBoundingClientRect();
          const link = document.querySelector('.nav .nav__link')!.getBoundingClientRect();
          return { below: library.top >= header.bottom, twoRows: link.top > header.top + 50 };
        }),
      )
      .toEqual({ below: true, twoRows: true });
  });
});
