// The push/fold solver in ru-RU, zh-CN and es-ES, in a real browser against the real server, on a narrow phone: a
// player whose account speaks the language sets up a spot, meets a field error, solves a three-handed ICM spot and
// saves it as charts, and no state shows a text left in English.
import { describe, expect, it } from 'vitest';

import { withAppAndBrowser } from './support/browser.ts';
import { LANGUAGES, tr, untranslated } from './support/i18n.ts';
import { api, register } from './support/page-api.ts';

interface Node {
  id: number;
  name: string;
  children: Node[];
}

describe('push/fold solver in other languages', () => {
  const app = withAppAndBrowser();

  describe.each(LANGUAGES.filter((language) => language !== 'en-US'))('in %s', (language) => {
    const t = (key: string, values?: Record<string, string | number>) => tr(language, key, values);
    it('solves, explains, saves, drills and draws the thresholds with every text translated', async () => {
      const { server, session } = app;
      const context = await session.browser.newContext({
        viewport: { width: 375, height: 800 },
        locale: language,
      });
      const page = await context.newPage();
      try {
        const own = await register(page, server.baseUrl, `pushfold_${language.slice(0, 2)}`);
        // The account speaks the language (the app follows the account's language once signed in).
        await api(server.baseUrl, own, '/api/v1/users/language', { language });
        await page.goto(`${server.baseUrl}/tournament?tool=push-fold`);
        const expectTranslated = async (state: string) =>
          expect(await untranslated(page, language), `${language} ${state}`).toEqual([]);
        await page.getByRole('button', { name: t('pushFold:editor.solve'), exact: true }).waitFor();
        await expectTranslated('editor');
        // A wrong field, told at the field in the language.
        await page.getByTestId('push-fold-stack-0').fill('');
        await page.getByRole('button', { name: t('pushFold:editor.solve'), exact: true }).click();
        await page.getByText(t('pushFold:errors.required'), { exact: true }).waitFor();
        await expectTranslated('errors');
        await page.getByTestId('push-fold-stack-0').fill('12');
        await page.getByLabel(t('pushFold:editor.players'), { exact: true }).selectOption('3');
        await page.getByRole('button', { name: t('pushFold:editor.solve'), exact: true }).click();
        await page
          .locator('[data-testid="push-fold-results"]:not([aria-busy="true"])')
          .waitFor({ timeout: 60_000 });
        await page.getByTestId('push-fold-equity').waitFor();
        await expectTranslated('solved');
        await page.getByRole('button', { name: t('pushFold:save.open') }).click();
        await page.getByRole('dialog').getByTestId('push-fold-save-room').waitFor();
        await expectTranslated('save dialog');
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t('pushFold:save.submit', { count: 5 }) })
          .click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t('pushFold:save.openCharts') })
          .waitFor();
        await expectTranslated('saved');

        // The saved button push drilled: pushing until an answer is wrong (three-handed at 10 to 12 bb the button
        // folds most hands), whose EV lost and the actions' EVs are in the language.
        await page
          .getByRole('dialog')
          .getByRole('link', { name: t('pushFold:save.train') })
          .click();
        await page.getByRole('tab', { name: t('trainer:picker.tournament') }).click();
        const tree = await api<{ children: Node[] }>(
          server.baseUrl,
          own,
          '/api/v1/categories/tree?root_type=tournament_root',
        );
        const push = tree.children[0]!.children[0]!;
        expect(push.name).toContain(t('pushFold:result.push', { position: t('pushFold:positions.btn') }));
        await page.locator(`.trainer-picker__train[data-chart-id="${push.id}"]`).click();
        const verdict = page.locator('.trainer-verdict');
        for (let deal = 0; deal < 40; deal += 1) {
          await page.locator('.trainer-action:enabled').first().waitFor();
          await page.keyboard.press('1');
          await verdict.waitFor();
          if ((await verdict.getAttribute('data-correct')) === 'false') break;
          await page.keyboard.press('Space');
        }
        expect(await verdict.getAttribute('data-correct')).toBe('false');
        await page.getByTestId('trainer-ev-lost').waitFor();
        expect(await page.getByTestId('trainer-ev').getAttribute('data-unit')).toBe('pool_pct');
        await page.getByText(t('trainer:ev.titleIcm')).waitFor();
        await expectTranslated('trainer');

        // The heads-up threshold chart.
        await page.goto(`${server.baseUrl}/tournament?tool=push-fold`);
        await page.getByRole('tab', { name: t('pushFold:tool.thresholds') }).click();
        await page.getByRole('button', { name: t('pushFold:thresholds.solve') }).click();
        await page.getByTestId('push-fold-thresholds-push').waitFor({ timeout: 120_000 });
        await expectTranslated('thresholds');
      } finally {
        await context.close();
      }
    });
  });
});
