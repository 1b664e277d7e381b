// Charts that travel, in a real browser against the real server: the chart downloaded as PNG and SVG with the right
// colours in the right cells, a folder printed to PDF (its pages and words read back by poppler's pdftotext), each
// text format imported, exported and imported again to the same chart, and a public link opened signed out in a
// fresh browser, a sign-up through it credited to the owner, then revoked and refused.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { chartLayout } from '../../contract/chart-svg.ts';
import { HAND_CLASSES } from '../../contract/hands.ts';
import { seriousViolations } from './support/axe.ts';
import { ARTIFACTS_DIR, screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { cliEquity } from './support/equity-cli.ts';
import { api, logInThroughForm } from './support/page-api.ts';
import { openRange } from './support/range-page.ts';
import { enterMailedCode } from './support/sign-up.ts';

const RAISE = '#D64545';
const CALL = '#1847BE';
const BUTTONS = [
  { color: RAISE, label: 'Raise' },
  { color: CALL, label: 'Call' },
];
/** AA raised, AKs half raised half called, 72o called: three cells whose colours the pictures must show. */
const PAIRS = [
  { hand: 'AA', colors: [{ color: RAISE, weight: 100 }] },
  {
    hand: 'AKs',
    colors: [
      { color: RAISE, weight: 50 },
      { color: CALL, weight: 50 },
    ],
  },
  { hand: '72o', colors: [{ color: CALL, weight: 100 }] },
];

const hex = (rgb: number[]) =>
  `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/**
 * The colour of a PNG picture of a chart at a point of a cell (fx, fy: fractions of its side), the cell found by the
 * picture's documented geometry for its width. The picture's height must match that geometry too.
 */
async function pictureReader(png: Buffer, legendRows: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const layout = chartLayout(legendRows, info.width);
  expect(info.height).toBe(layout.height);
  return (hand: string, fx: number, fy = 0.15) => {
    const square = layout.cell(HAND_CLASSES.indexOf(hand));
    const x = Math.round(square.x + square.size * fx);
    const y = Math.round(square.y + square.size * fy);
    const at = (y * info.width + x) * info.channels;
    return hex([data[at]!, data[at + 1]!, data[at + 2]!]);
  };
}

/** The chart's cells as the range tool shows them: hand → "COLOR:weight ..." for every painted hand. */
const paintedCells = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.range-grid [data-hand]')]
        .map((node) => [node.getAttribute('data-hand'), node.getAttribute('data-colors') ?? ''])
        .filter(([, colors]) => colors),
    ),
  );

describe('charts that travel', () => {
  const app = withAppAndBrowser();
  let page: Page;
  let token: string;
  let folderId: number;
  const chartIds: number[] = [];
  let publicUrl = '';

  const create = (body: Record<string, unknown>) =>
    api<{ id: number }>(app.server.baseUrl, token, '/api/v1/categories', {
      root_type: 'preflop_root',
      ...body,
    });

  /** Opens the test folder in the library unless its charts are already shown. */
  const showFolder = async () => {
    const first = page.locator(`[data-node-id="${chartIds[0]}"]`);
    await page.locator(`[data-node-id="${folderId}"] .library-node__name`).first().waitFor();
    if (!(await first.isVisible()))
      await page.locator(`[data-node-id="${folderId}"] .library-node__name`).first().click();
    await first.waitFor();
  };

  beforeAll(async () => {
    page = app.page;
    const { demo } = app.server.accounts;
    await logInThroughForm(page, app.server.baseUrl, demo.email, demo.password);
    token = (await page.evaluate(() => localStorage.getItem('rangeforge.token')))!;
    folderId = (await create({ name: 'Travel folder', kind: 'folder', parent_id: null })).id;
    for (let n = 1; n <= 5; n++) {
      const made = await create({
        name: `Travel chart ${n}`,
        kind: 'range',
        parent_id: folderId,
        note: `Note of chart ${n}`,
        buttons: BUTTONS,
        pairs: n === 1 ? PAIRS : [],
      });
      chartIds.push(made.id);
    }
  });

  it('downloads the chart as PNG and SVG with each action in its cell, at a size for a chat', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    await showFolder();
    await openRange(page, chartIds[0]!);
    await page.getByRole('button', { name: 'Picture and print' }).click();

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('Travel-chart-1.png');
    const pixel = await pictureReader(readFileSync((await png.path())!), BUTTONS.length);
    expect(pixel('AA', 0.5)).toBe(RAISE);
    expect(pixel('AKs', 0.2)).toBe(RAISE);
    expect(pixel('AKs', 0.8)).toBe(CALL);
    expect(pixel('72o', 0.5)).toBe(CALL);
    // Unpainted cells keep their kind's tint: neither action colour.
    expect([RAISE, CALL]).not.toContain(pixel('KK', 0.5));
    expect([RAISE, CALL]).not.toContain(pixel('AKo', 0.5));

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    const text = readFileSync((await svg.path())!, 'utf8');
    expect(text).toContain('Travel chart 1');
    // The legend: Raise holds AA (6) and half of AKs (2); Call the other half and 72o (12).
    expect(text).toMatch(/>Raise<\/text><text[^>]*>8 combos/);
    expect(text).toMatch(/>Call<\/text><text[^>]*>14 combos/);
    const aks = /<g data-hand="AKs">(.*?)<\/g>/.exec(text)![1]!;
    expect([...aks.matchAll(/fill="(#[0-9A-Fa-f]{6})"/g)].map((m) => m[1]).slice(1, 3)).toEqual([
      RAISE,
      CALL,
    ]);
  });

  it('prints a folder to PDF, four charts a page or one, with names and notes', async () => {
    const pdfText = async (perPage: 1 | 4) => {
      await page.goto(`${app.server.baseUrl}/print/${folderId}?per_page=${perPage}`);
      await expect.poll(() => page.locator('.print-chart').count()).toBe(5);
      const file = join(ARTIFACTS_DIR, `print-folder-${perPage}.pdf`);
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      writeFileSync(file, await page.pdf({ format: 'A4' }));
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      return {
        pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]),
        text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
      };
    };
    const four = await pdfText(4);
    expect(four.pages).toBe(2);
    const one = await pdfText(1);
    expect(one.pages).toBe(5);
    for (const { text } of [four, one]) {
      for (let n = 1; n <= 5; n++) {
        expect(text).toContain(`Travel chart ${n}`);
        expect(text).toContain(`Note of chart ${n}`);
      }
      expect(text).toContain('Notes');
      // The legend with its combos, and no screen controls on paper.
      expect(text).toMatch(/Raise\s+8 combos/);
      expect(text).not.toContain('Charts per page');
    }
    // In the player's language: a Russian player's paper says "Заметки" and counts in Russian plural forms.
    await api(app.server.baseUrl, token, '/api/v1/users/language', { language: 'ru-RU' });
    try {
      const russian = await pdfText(4);
      expect(russian.pages).toBe(2);
      expect(russian.text).toContain('Заметки');
      expect(russian.text).toMatch(/Raise\s+8 комбинаций/);
      expect(russian.text).not.toContain('Notes');
    } finally {
      await api(app.server.baseUrl, token, '/api/v1/users/language', { language: 'en-US' });
    }
    // The page the player prints from, in English, with the four-a-page layout.
    await page.goto(`${app.server.baseUrl}/print/${folderId}?per_page=4`);
    await page.locator('.print-chart').first().waitFor();
    await screenshotAtWidths(page, 'print-folder');
  });

  it('reads every text format into a colour and round-trips the whole chart, one line per action', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    await showFolder();
    await openRange(page, chartIds[1]!);
    await page.getByRole('button', { name: 'Import / export' }).click();
    const panel = page.locator('.range-toolbar__text');
    const field = panel.locator('textarea');
    await page.locator('.range-button__choose', { hasText: 'Raise' }).first().click();

    const intoRaise = async (text: string) => {
      await field.fill(text);
      await panel.getByRole('button', { name: 'Import into current colour' }).click();
    };
    await intoRaise('AKs, QQ+, KJo:0.5');
    await expect.poll(() => paintedCells(page)).toMatchObject({ AA: `${RAISE}:100`, KJo: `${RAISE}:50` });
    await intoRaise('[50]AKs,AQs[/50]');
    await expect.poll(() => paintedCells(page)).toEqual({ AKs: `${RAISE}:50`, AQs: `${RAISE}:50` });
    await intoRaise('AA:1,AKs:0.75');
    await expect.poll(() => paintedCells(page)).toEqual({ AA: `${RAISE}:100`, AKs: `${RAISE}:75` });
    // The top 3% by equity against a random hand: the big pairs, never a hand like 72o.
    await intoRaise('top 3%');
    await expect.poll(async () => Object.keys(await paintedCells(page)).length).toBeGreaterThan(3);
    const top = await paintedCells(page);
    expect(top).toMatchObject({ AA: `${RAISE}:100`, KK: `${RAISE}:100`, QQ: `${RAISE}:100` });
    expect(top['72o']).toBeUndefined();
    // A bad token is named with its position.
    await intoRaise('AKs, QQ+, XYz');
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('Cannot read this range: “XYz” (character 11): unknown rank (the ranks are 2–9, T, J, Q, K, A)');

    await field.fill('Raise: AA, KK, AKs:0.5\nCall: AKs:0.5, QQ:0.25, 72o');
    await panel.getByRole('button', { name: 'Import lines as the chart' }).click();
    const expected = {
      AA: `${RAISE}:100`,
      KK: `${RAISE}:100`,
      AKs: `${RAISE}:50 ${CALL}:50`,
      QQ: `${CALL}:25`,
      '72o': `${CALL}:100`,
    };
    await expect.poll(() => paintedCells(page)).toEqual(expected);

    // Each style writes its own syntax: PokerStove "AKs:0.5", brackets "[50]AKs[/50]", weighted lists "AA:1".
    for (const [style, syntax] of [
      ['PokerStove / Flopzilla (KJo:0.5)', /^Raise: (?!.*\[).*AKs:0\.5/],
      ['Brackets, Flopzilla Pro / GTO+ ([50]KJo[/50])', /^Raise: .*\[50\]AKs\[\/50\]/],
      ['Weighted list, PioSolver / GTO+ (AA:1,KJo:0.5)', /^Raise: .*AA:1\b/],
    ] as const) {
      await panel.locator('select').nth(0).selectOption({ label: 'One line per colour' });
      await panel.locator('select').nth(1).selectOption({ label: style });
      // The field is emptied first, so the text read next is the export's, not the last paste.
      await field.fill('');
      await panel.getByRole('button', { name: 'Export', exact: true }).click();
      await expect.poll(() => field.inputValue()).toMatch(/^Raise: .*\nCall: /);
      const exported = await field.inputValue();
      expect(exported).toMatch(syntax);
      await page.getByRole('button', { name: 'Clear range' }).click();
      await expect.poll(() => paintedCells(page)).toEqual({});
      await field.fill(exported);
      await panel.getByRole('button', { name: 'Import lines as the chart' }).click();
      await expect.poll(() => paintedCells(page), { message: `${style}: ${exported}` }).toEqual(expected);
    }
  });

  it('publishes a link that works signed out, previews in chats, credits a sign-up, and is refused once revoked', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    await showFolder();
    await page.getByRole('button', { name: 'Actions for Travel chart 1' }).click();
    await page.getByRole('button', { name: 'Public link', exact: true }).click();
    await page.getByRole('button', { name: 'Create the link' }).click();
    publicUrl = await page.getByTestId('public-link-url').inputValue();
    expect(publicUrl).toMatch(new RegExp(`^${app.server.baseUrl}/c/[A-Za-z0-9_-]{22}$`));

    // A chat app's fetch: Open Graph tags naming the chart, and its picture as a PNG with the chart's colours.
    const html = await (await fetch(publicUrl)).text();
    expect(html).toContain('<meta property="og:title" content="Travel chart 1">');
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)![1]!.replace(/&amp;/g, '&');
    const picture = await fetch(image);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const pixel = await pictureReader(Buffer.from(await picture.arrayBuffer()), BUTTONS.length);
    expect([pixel('AA', 0.5), pixel('AKs', 0.2), pixel('AKs', 0.8), pixel('72o', 0.5)]).toEqual([
      RAISE,
      RAISE,
      CALL,
      CALL,
    ]);

    // A stranger: a fresh browser context with no account.
    const context = await app.session.browser.newContext({
      viewport: { width: 375, height: 800 },
      locale: 'en-US',
    });
    const visitor = await context.newPage();
    await visitor.goto(publicUrl);
    await visitor.getByTestId('public-chart').waitFor();
    expect(await visitor.locator('.public-cell[data-hand="AKs"]').getAttribute('data-colors')).toBe(
      `${RAISE}:50 ${CALL}:50`,
    );
    await expect.poll(() => visitor.getByText('Note of chart 1').count()).toBe(1);
    // Equity of the chart's Raise (AA, half of AKs) against the default "top 20%", computed in the visitor's
    // browser, as the engine's command line computes it from the same text; then on a flop.
    await expect
      .poll(() => visitor.getByTestId('public-hero-equity').textContent(), { timeout: 60_000 })
      .toBe(cliEquity('AA, [50]AKs[/50]', 'top 20%'));
    await visitor.getByLabel('Board (optional), like Kh9d4c').fill('Kh9d4c');
    await expect
      .poll(() => visitor.getByTestId('public-hero-equity').textContent(), { timeout: 60_000 })
      .toBe(cliEquity('AA, [50]AKs[/50]', 'top 20%', 'Kh9d4c'));
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(visitor)).toEqual([]);
    // Keyboard: the opponent's source is a radio group the arrow keys move through.
    await visitor.getByRole('radio', { name: 'Typed range' }).focus();
    await visitor.keyboard.press('ArrowDown');
    expect(await visitor.getByRole('radio', { name: 'Actions of this chart' }).isChecked()).toBe(true);
    await visitor.keyboard.press('ArrowUp');
    expect(await visitor.getByRole('radio', { name: 'Typed range' }).isChecked()).toBe(true);
    await screenshotAtWidths(visitor, 'public-chart');

    // The visitor signs up from the page: the owner is credited.
    await visitor.setViewportSize({ width: 1440, height: 900 });
    await visitor.getByRole('link', { name: 'Sign up free' }).click();
    await visitor.getByLabel('Username').fill('chart_visitor');
    await visitor.getByLabel('E-mail').fill('chart_visitor@example.com');
    await visitor.getByLabel('Password').fill('secret123');
    await visitor.getByRole('button', { name: 'Register' }).click();
    await enterMailedCode(visitor, 'chart_visitor@example.com');
    await visitor.getByRole('button', { name: 'Log out' }).waitFor();
    await context.close();

    // Another visitor looks at the chart, then signs up from the header's form later in the same tab: credited too.
    const second = await app.session.browser.newContext({ locale: 'en-US' });
    const later = await second.newPage();
    await later.goto(publicUrl);
    await later.getByTestId('public-chart').waitFor();
    await later.goto(`${app.server.baseUrl}/auth/register`);
    await later.getByLabel('Username').fill('header_visitor');
    await later.getByLabel('E-mail').fill('header_visitor@example.com');
    await later.getByLabel('Password').fill('secret123');
    await later.getByRole('button', { name: 'Register' }).click();
    await enterMailedCode(later, 'header_visitor@example.com');
    await later.getByRole('button', { name: 'Log out' }).waitFor();
    await second.close();

    const db = new DatabaseSync(join(app.server.dataDir, 'rangeforge.sqlite'), { readOnly: true });
    const idOf = (username: string) =>
      db.prepare('SELECT id, referrer_id FROM users WHERE username = ?').get(username) as {
        id: number;
        referrer_id: number | null;
      };
    expect(idOf('chart_visitor').referrer_id).toBe(idOf('demo').id);
    expect(idOf('header_visitor').referrer_id).toBe(idOf('demo').id);
    db.close();

    // The owner revokes it in the profile; a fresh visitor is refused, and nothing asks to index it.
    await page.goto(`${app.server.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Revoke the link to Travel chart 1' }).click();
    await expect.poll(() => page.getByText('You have not published any chart.').count()).toBe(1);
    const refused = await fetch(publicUrl);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-robots-tag')).toBe('noindex');
    expect(await refused.text()).toContain('<meta name="robots" content="noindex">');
    expect((await fetch(image)).status).toBe(404);
    const late = await app.session.browser.newContext({ locale: 'en-US' });
    const latePage = await late.newPage();
    await latePage.goto(publicUrl);
    await latePage.getByTestId('public-chart-missing').waitFor();
    await late.close();
  });
});
