// The study tools in every language: the trainer, the flop report, multiway equity and the offline queue, each driven
// in a real browser against the real server by a player whose account is in en-US, ru-RU, zh-CN or es-ES. The numbers
// come from outside the page (the chart as the API returns it, the engine's command line), the texts from the locale
// files with the language's plural rules and Intl formats, and every state is checked for untranslated text.

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withAppAndBrowser } from './support/browser.ts';
import { type CliSide, equityCli } from './support/equity-cli.ts';
import { LANGUAGES, percent, tr, untranslated } from './support/i18n.ts';
import { api } from './support/page-api.ts';
import { enterMailedCode } from './support/sign-up.ts';

const RAISE = '#1847BE';
const CALL = '#C0392B';
const MIX = '#16A085';

const cli = equityCli;

// Small ranges, so every language's flop report and exact 3-way pot take seconds.
const FLOP = { hero: 'AA,AKs', villain: 'KK,QQ', board: 'KsQh7s' };
const MULTIWAY = { hero: 'QQ+, AKs', villain: 'TT-88, AQs', villain2: 'JJ, AJs', board: ['Kh', '9d', '4c'] };

interface Pair {
  hand: string;
  colors: Array<{ color: string; weight: number }>;
}
const paint = (color: string, weight: number, ...hands: string[]): Pair[] =>
  hands.map((hand) => ({ hand, colors: [{ color, weight }] }));
// The flop report plays the raise colour (FLOP.hero) against the call colour (FLOP.villain); a third colour gives the
// trainer a mixed cell (JJ: 60% of it, the rest not in range) that the report leaves out.
const CHART: Pair[] = [
  ...paint(RAISE, 100, 'AA', 'AKs'),
  ...paint(CALL, 100, 'KK', 'QQ'),
  ...paint(MIX, 60, 'JJ'),
];

/** The trainer's right answer for a dealt combo: the chart's colours, the rest folds ("not in range"). */
function chartAnswer(hand: string): { colors: Pair['colors']; fold: number } {
  const colors = CHART.find((pair) => pair.hand === hand)?.colors ?? [];
  return { colors, fold: 100 - colors.reduce((sum, entry) => sum + entry.weight, 0) };
}

const hands = async (baseUrl: string, token: string, id: number) =>
  (await api<Pair[]>(baseUrl, token, `/api/v1/categories/range?category_id=${id}&begin=0&end=169`))
    .filter((pair) => pair.colors.length > 0)
    .map((pair) => pair.hand);

describe('study tools in every language', () => {
  const app = withAppAndBrowser();
  let flopCli: number;
  let multiwayCli: Record<string, CliSide | string | number>;
  beforeAll(() => {
    flopCli = (cli(['--hero', FLOP.hero, '--villain', FLOP.villain, '--board', FLOP.board]).hero as CliSide)
      .equity;
    multiwayCli = cli([
      '--hero',
      MULTIWAY.hero,
      '--villain',
      MULTIWAY.villain,
      '--villain',
      MULTIWAY.villain2,
      '--board',
      MULTIWAY.board.join(''),
    ]);
    expect(multiwayCli.method).toBe('exact');
  });

  describe.each(LANGUAGES)('%s', (language) => {
    let context: BrowserContext;
    let page: Page;
    let token: string;
    let chart: number;
    const t = (key: string, values?: Record<string, string | number>) => tr(language, key, values);
    const cell = (hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);
    const open = async (id: number) => {
      await page.locator(`[data-node-id="${id}"] .library-node__name`).click();
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
    };
    const expectTranslated = async (state: string) =>
      expect(await untranslated(page, language), `${language} ${state}`).toEqual([]);

    beforeAll(async () => {
      const { server, session } = app;
      context = await session.browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: language,
      });
      page = await context.newPage();
      await page.goto(`${server.baseUrl}/auth/register`);
      await page.getByLabel(t('auth:fields.username')).fill(`study_${language.slice(0, 2)}`);
      await page.getByLabel(t('auth:fields.email')).fill(`study_${language.slice(0, 2)}@example.com`);
      await page.getByLabel(t('auth:fields.password')).fill('secret123');
      await page.getByRole('button', { name: t('auth:register.submit') }).click();
      await enterMailedCode(page, `study_${language.slice(0, 2)}@example.com`, {
        code: t('auth:fields.code'),
        confirm: t('auth:register.confirm'),
      });
      await page.getByRole('button', { name: t('common:header.logout') }).waitFor();
      token = (await page.evaluate(() => localStorage.getItem('rangeforge.token')))!;
      chart = (
        await api<{ id: number }>(server.baseUrl, token, '/api/v1/categories', {
          name: 'BTN 2.5x',
          kind: 'range',
          root_type: 'preflop_root',
          parent_id: null,
          buttons: [
            { color: RAISE, label: '2.5x' },
            { color: CALL, label: '3x' },
            { color: MIX, label: '4x' },
          ],
          pairs: CHART,
          sides: { hero: [RAISE], villain: [CALL] },
        })
      ).id;
    });
    afterAll(() => context?.close());

    it('trains the chart and grades a right and a wrong answer as the chart says', async () => {
      await page.goto(`${app.server.baseUrl}/trainer`);
      await page.getByRole('heading', { name: t('trainer:picker.title') }).waitFor();
      await expectTranslated('picker');
      await page.locator(`.trainer-picker__train[data-chart-id="${chart}"]`).click();
      await page.getByTestId('trainer-spot').getByText(t('trainer:drill.spot')).waitFor();
      const verdict = page.locator('.trainer-verdict');
      const dealt = async () => {
        await page.locator('.trainer-action:enabled').first().waitFor();
        return (await page.locator('#trainer-hand').getAttribute('data-hand'))!;
      };

      // Right: the chart's first colour of the cell, or "not in range" for a cell the chart leaves out.
      const first = await dealt();
      const right = chartAnswer(first);
      await page.locator(`.trainer-action[data-color="${right.colors[0]?.color ?? 'fold'}"]`).click();
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-correct')).toBe('true');
      expect(await verdict.textContent()).toContain(t('trainer:drill.right'));
      if (right.fold > 0) {
        expect(await page.locator('.trainer-answer__list li[data-color="fold"]').textContent()).toBe(
          `${t('trainer:drill.fold')} ${percent(language, right.fold / 100, 0)}`,
        );
      }

      // Wrong: an action the dealt cell does not play (every cell of the chart has a colour it does not play).
      await page.keyboard.press('Space');
      const missed = await dealt();
      const wrong = [RAISE, CALL, MIX].find(
        (color) => !chartAnswer(missed).colors.some((entry) => entry.color === color),
      );
      await page.locator(`.trainer-action[data-color="${wrong}"]`).click();
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-correct')).toBe('false');
      expect(await verdict.textContent()).toContain(t('trainer:drill.wrong'));
      expect(await page.locator(`.trainer-map__cell[data-hand="${missed}"]`).getAttribute('title')).toBe(
        t('trainer:map.cell', { hand: missed, missed: 1, shown: missed === first ? 2 : 1 }),
      );
      expect(await page.getByTestId('score-hands').locator('dd').textContent()).toBe('2');
      expect(await page.getByTestId('score-accuracy').locator('dd').textContent()).toBe(
        percent(language, 0.5, 0),
      );
      await expectTranslated('drill with feedback');
    });

    it('reports every flop and a flop’s equity is the engine command line’s', async () => {
      await page.goto(`${app.server.baseUrl}/`);
      await open(chart);
      await page
        .getByRole('navigation', { name: t('common:nav.label') })
        .getByRole('link', { name: t('flopReport:nav') })
        .click();
      await page.getByRole('heading', { name: t('flopReport:title'), level: 1 }).waitFor();
      expect(await page.locator('[data-side="hero"] .flop-side__combos').textContent()).toBe(
        t('flopReport:sides.combos', { count: 10 }),
      );
      expect(await page.locator('[data-side="villain"] .flop-side__combos').textContent()).toBe(
        t('flopReport:sides.combos', { count: 12 }),
      );
      await expectTranslated('before the run');
      await page.getByRole('button', { name: t('flopReport:run') }).click();
      await page.getByTestId('flop-report-equity').waitFor({ timeout: 120_000 });
      expect(await page.locator('.flop-report__results').textContent()).toContain(
        t('flopReport:summary.flops', { count: 1755 }),
      );

      await page.getByRole('radio', { name: t('flopReport:dimension.high') }).click();
      await page.getByRole('button', { name: t('flopReport:group.K') }).click();
      const row = page.locator(`[data-testid="flop-rows"] tr[data-flop="${FLOP.board}"]`);
      await row.waitFor();
      const equity = row.getByTestId('flop-equity');
      expect(Math.abs(Number(await equity.getAttribute('data-equity')) - flopCli)).toBeLessThanOrEqual(5e-7);
      expect(await equity.textContent()).toBe(percent(language, flopCli, 2));
      // K-Q-7 with two of a suit: 4 x 3 of the 22,100 flops.
      expect(await row.locator('td').first().textContent()).toBe(percent(language, 12 / 22_100, 2));
      await expectTranslated('report');
    });

    it('computes a 3-way pot exactly as the command line does, and counts Monte Carlo samples', async () => {
      await page.goto(`${app.server.baseUrl}/`);
      await open(chart);
      const type = async (player: string, text: string) => {
        await page.locator(`[data-player="${player}"] .player__text`).fill(text);
        await page.locator(`[data-player="${player}"] .player__text`).press('Enter');
      };
      await type('hero', MULTIWAY.hero);
      await type('villain-1', MULTIWAY.villain);
      await page.getByRole('button', { name: t('ranges:players.add') }).click();
      // A new villain plays the chart's unused colour; the text source is named in the language.
      await page
        .locator('[data-player="villain-2"] .player__source')
        .selectOption({ label: t('multiway:text') });
      await type('villain-2', MULTIWAY.villain2);
      for (const card of MULTIWAY.board) await page.locator(`.deck-card[data-card="${card}"]`).click();

      const table = page.getByTestId('multiway-equity');
      const hero = multiwayCli.hero as CliSide;
      // The result of the three ranges and the board, not one computed while they were being entered.
      await expect
        .poll(
          async () =>
            (await table.getAttribute('aria-busy')) === 'false'
              ? Math.abs(
                  Number(await table.locator('tbody tr td').first().getAttribute('data-value')) - hero.equity,
                )
              : Infinity,
          { timeout: 60_000 },
        )
        .toBeLessThan(5e-6);
      expect(await table.getAttribute('data-method')).toBe('exact');
      expect(await table.locator('.multiway-figures__method').textContent()).toBe(t('multiway:exact'));
      const rows = table.locator('tbody tr');
      for (const [index, name] of ['hero', 'villain', 'villain2'].entries()) {
        const side = multiwayCli[name] as CliSide;
        const cells = rows.nth(index).locator('td');
        expect(Number(await cells.first().getAttribute('data-value'))).toBeCloseTo(side.equity, 5);
        expect(await cells.nth(0).textContent()).toBe(percent(language, side.equity, 2));
        expect(await cells.nth(1).textContent()).toBe(percent(language, side.win, 2));
        expect(await cells.nth(2).textContent()).toBe(percent(language, side.tie, 2));
      }
      await expectTranslated('exact 3-way');

      // Preflop the three ranges are past the exact budget: Monte Carlo, whose live count reads in the language's
      // plural form and digits.
      for (const card of MULTIWAY.board) await page.locator(`.deck-card[data-card="${card}"]`).click();
      const live = page.getByTestId('multiway-live');
      await expect
        .poll(async () => /\d{3}/.test((await live.textContent().catch(() => '')) ?? ''), { timeout: 60_000 })
        .toBe(true);
      expect(await table.getAttribute('data-method')).toBe('monte-carlo');
      expect(await table.locator('.multiway-figures__method').textContent()).toBe(t('multiway:monteCarlo'));
      const text = (await live.textContent())!;
      const samples = Number(/^[\d\s\u00a0\u202f.,]+/.exec(text)![0].replace(/\D/g, ''));
      const [before] = t('multiway:samples', { count: samples, error: '\u0000' }).split('\u0000');
      expect(text.startsWith(before!), text).toBe(true);
      await expectTranslated('Monte Carlo 3-way');
    });

    it('keeps an edit made offline and syncs it when the connection returns; a conflict asks', async () => {
      const { server } = app;
      await page.goto(`${server.baseUrl}/`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await open(chart);

      await context.setOffline(true);
      await page.reload();
      await expect
        .poll(() => page.getByTestId('offline-notice').textContent())
        .toBe(t('offline:banner.offline'));
      await open(chart);
      await cell('55').click();
      const state = page.getByTestId('save-state');
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('offline');
      expect(await state.textContent()).toBe(t('ranges:saving.offline'));
      await expectTranslated('offline with a queued edit');
      expect(await hands(server.baseUrl, token, chart)).not.toContain('55');

      await context.setOffline(false);
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('saved');
      expect(await hands(server.baseUrl, token, chart)).toContain('55');

      // Saved elsewhere meanwhile: the dialog counts the differing classes in the language's plural form.
      const { revision } = await api<{ revision: number }>(
        server.baseUrl,
        token,
        `/api/v1/categories/${chart}`,
      );
      const saved = await api<Pair[]>(
        server.baseUrl,
        token,
        `/api/v1/categories/range?category_id=${chart}&begin=0&end=169`,
      );
      await api(server.baseUrl, token, `/api/v1/categories/${chart}`, {
        pairs: [...saved.filter((pair) => pair.colors.length > 0), ...paint(RAISE, 100, '22')],
        base_revision: revision,
      });
      await cell('44').click();
      const dialog = page.getByRole('dialog', { name: t('offline:conflict.title') });
      await dialog.waitFor();
      expect(await dialog.getByTestId('conflict-differ').textContent()).toBe(
        t('offline:conflict.differ', { count: 2 }),
      );
      await expectTranslated('conflict');
      await dialog.getByRole('button', { name: t('offline:conflict.keepMine') }).click();
      await expect
        .poll(() => hands(server.baseUrl, token, chart), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['55', '44']));
      expect(await hands(server.baseUrl, token, chart)).not.toContain('22');
    });
  });
});
