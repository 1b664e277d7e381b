// The range tool on a phone, in a real browser against the real server, driven by touch (the DevTools protocol's
// touch events, which Chrome turns into pointer events as a finger's): the whole chart inside a 360 px screen, a tap
// painting the very cell it lands on (as saved by the server), a slide painting a row, a long press showing a cell's
// combos and weights without painting it, a pinch painting nothing, and the library one tap away.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './support/axe.ts';
import { ARTIFACTS_DIR, withAppAndBrowser } from './support/browser.ts';
import { api, createRange, registerInPage } from './support/page-api.ts';
import { cell, saveState } from './support/range-page.ts';

type Point = { x: number; y: number };
type SavedPair = { hand: string; colors: Array<{ color: string; weight: number }> };

const RAISE = '#1847BE';

describe('the range tool on a phone', () => {
  const app = withAppAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let touch: CDPSession;
  let token: string;
  let rangeId: number;

  const saved = async () =>
    (
      await api<SavedPair[]>(
        app.server.baseUrl,
        token,
        `/api/v1/categories/range?category_id=${rangeId}&begin=0&end=169`,
      )
    ).filter((pair) => pair.colors.length > 0);
  const savedHands = async () => (await saved()).map((pair) => pair.hand).sort();
  const centre = async (hand: string): Promise<Point> => {
    const rect = (await cell(page, hand).boundingBox())!;
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  };
  /** What the page has under a point: the chart cell there, if any (the press must land on the cell meant). */
  const handAt = (point: Point) =>
    page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-hand]')?.getAttribute('data-hand'),
      point,
    );
  const press = (points: Point[]) =>
    touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points });
  const move = (points: Point[]) =>
    touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points });
  const release = () => touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

  beforeAll(async () => {
    context = await app.session.browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
    });
    page = await context.newPage();
    touch = await context.newCDPSession(page);
    await page.goto(`${app.server.baseUrl}/`);
    token = await registerInPage(page, 'phoneplayer');
    rangeId = await createRange(app.server.baseUrl, token, 'SB open phone');
    // The library folded to a rail on a wide screen of this browser: on a phone it is a whole tab all the same.
    await page.evaluate(() => localStorage.setItem('rangeforge.libraryCollapsed', 'true'));
    await page.reload();
  });
  afterAll(() => context?.close());

  it('opens the library with one tap and a range from it onto its chart', async () => {
    const tabs = page.getByRole('tablist', { name: 'Parts of the range tool' });
    await tabs.waitFor();
    const libraryTab = tabs.getByRole('tab', { name: 'Library' });
    // The chart first; the library is not on the page until its tab is chosen.
    await expect(tabs.getByRole('tab', { name: 'Chart' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    const node = page.locator(`[data-node-id="${rangeId}"] .library-node__name`);
    expect(await node.isVisible()).toBe(false);
    await libraryTab.tap();
    await expect(libraryTab.getAttribute('aria-selected')).resolves.toBe('true');
    // One tap: the range is on screen, inside the viewport, without scrolling.
    const box = (await node.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await page.getByRole('tabpanel', { name: 'Library' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show the library' }).isVisible()).toBe(false);

    await node.tap();
    await page.locator(`[data-node-id="${rangeId}"] .library-node__name[aria-current="true"]`).waitFor({
      state: 'attached',
    });
    await expect(tabs.getByRole('tab', { name: 'Chart' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.locator('.range-grid').waitFor();
    expect(await node.isVisible()).toBe(false);
  });

  it('shows every column inside 360 px, and a tap paints the cell it lands on, as the server saves it', async () => {
    await cell(page, 'AA').scrollIntoViewIfNeeded();
    const rects = await page
      .locator('.range-grid .range-cell')
      .evaluateAll((cells) => cells.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    expect(rects).toHaveLength(169);
    expect(Math.min(...rects.map((rect) => rect.left))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...rects.map((rect) => rect.right))).toBeLessThanOrEqual(360);
    // 13 distinct columns, each cell at least 24 px (WCAG 2.5.8's minimum target).
    expect(new Set(rects.map((rect) => Math.round(rect.left))).size).toBe(13);
    expect(Math.min(...rects.map((rect) => rect.width))).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const point = await centre('K7o');
    expect(await handAt(point)).toBe('K7o');
    await page.touchscreen.tap(point.x, point.y);
    await expect.poll(savedHands, { timeout: 10_000 }).toEqual(['K7o']);
    expect((await saved())[0]!.colors).toEqual([{ color: RAISE, weight: 100 }]);
    // The save's state is in sight over the chart, not only in the library's tab.
    const state = page.getByTestId('save-state');
    await expect.poll(() => state.textContent()).toBe('Saved');
    expect(await state.isVisible()).toBe(true);
    for (const hand of ['K8o', 'K6o', 'Q7o', 'K7s']) {
      await expect(cell(page, hand).getAttribute('data-weight')).resolves.toBe('0');
    }
    await page.screenshot({ path: `${ARTIFACTS_DIR}range-phone-tap-360.png`, fullPage: true });
  });

  it('paints the cells a finger slides over, as one stroke', async () => {
    const from = await centre('AA');
    const to = await centre('AJs');
    await press([from]);
    for (let step = 1; step <= 12; step += 1) {
      await move([{ x: from.x + ((to.x - from.x) * step) / 12, y: from.y }]);
    }
    await release();
    await expect.poll(savedHands, { timeout: 10_000 }).toEqual(['AA', 'AJs', 'AKs', 'AQs', 'K7o'].sort());
    await expect(cell(page, 'ATs').getAttribute('data-weight')).resolves.toBe('0');
  });

  it('shows a cell’s combos and weights on a long press, and paints nothing', async () => {
    const point = await centre('K7o');
    await press([point]);
    await page.getByTestId('cell-inspector').waitFor({ timeout: 3_000 });
    await release();
    const sheet = page.getByRole('dialog', { name: 'K7o · offsuit' });
    await sheet.waitFor();
    await expect(sheet.getByTestId('inspect-total').textContent()).resolves.toBe(
      '100% in the range · 12 of 12 combos',
    );
    await expect(sheet.locator('[data-color]').allTextContents()).resolves.toEqual(['Raise100%12 combos']);
    expect(await sheet.locator('[data-combo]').count()).toBe(12);
    // A sheet along the bottom of the screen, whole on it.
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBe(0);
    expect(Math.round(box.y + box.height)).toBe(740);
    expect(box.height).toBeLessThan(740 * 0.75 + 1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS_DIR}range-phone-inspect-360.png` });
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await sheet.waitFor({ state: 'detached' });
    // The long-pressed cell keeps its paint, and nothing else was painted.
    await expect(cell(page, 'K7o').getAttribute('data-weight')).resolves.toBe('100');
    await expect(saveState(page)).resolves.toBe('saved');
    expect(await savedHands()).toEqual(['AA', 'AJs', 'AKs', 'AQs', 'K7o'].sort());
  });

  it('paints nothing under a two-finger pinch', async () => {
    await cell(page, '85s').scrollIntoViewIfNeeded();
    const [a, b] = [await centre('96s'), await centre('85s')];
    expect([await handAt(a), await handAt(b)]).toEqual(['96s', '85s']);
    await press([a, b]);
    await move([
      { x: a.x - 20, y: a.y - 20 },
      { x: b.x + 20, y: b.y + 20 },
    ]);
    await release();
    await page.waitForTimeout(800);
    const weights = await Promise.all(
      ['96s', '85s', '95s', '86s'].map(
        async (hand) => `${hand} ${await cell(page, hand).getAttribute('data-weight')}`,
      ),
    );
    expect(weights).toEqual(['96s 0', '85s 0', '95s 0', '86s 0']);
    expect(await savedHands()).toEqual(['AA', 'AJs', 'AKs', 'AQs', 'K7o'].sort());
  });

  it('keeps the deck large enough to tap and lays the tool out whole at 375, 390 and 768 px', async () => {
    await page.getByRole('tab', { name: 'Equity' }).tap();
    const cards = await page
      .locator('.deck-card')
      .evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(cards).toHaveLength(52);
    expect(Math.min(...cards.map((rect) => rect.width))).toBeGreaterThanOrEqual(36);
    expect(Math.min(...cards.map((rect) => rect.height))).toBeGreaterThanOrEqual(44);
    // Scrolled down the long equity part, the tab bar stays in sight, and the chart opens from its top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const chartTab = page.getByRole('tab', { name: 'Chart' });
    const tabBox = (await chartTab.boundingBox())!;
    expect(tabBox.y).toBeGreaterThanOrEqual(60);
    expect(tabBox.y).toBeLessThan(140);
    await chartTab.tap();
    await expect
      .poll(() =>
        page.locator('.range-editor').evaluate((element) => Math.round(element.getBoundingClientRect().top)),
      )
      .toBeGreaterThan(tabBox.y);
    const editorTop = await page
      .locator('.range-editor')
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(editorTop).toBeLessThan(260);
    for (const width of [375, 390, 768]) {
      await page.setViewportSize({ width, height: 800 });
      const right = await page
        .locator('.range-grid .range-cell')
        .evaluateAll((cells) => Math.max(...cells.map((element) => element.getBoundingClientRect().right)));
      expect(right, `${width} px`).toBeLessThanOrEqual(width);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${width} px`,
      ).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${ARTIFACTS_DIR}range-phone-${width}.png`, fullPage: true });
    }
  });
});
