import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n, initI18n, languageAtom, storeLanguage } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import { mockFetch } from '@/test/render';

import { bootstrap } from './providers';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  initI18n('en-US');
});

describe('first visit language (i18next-browser-languagedetector)', () => {
  it.each([
    [['ru'], 'ru-RU'],
    [['es-MX', 'en'], 'es-ES'],
    [['zh-CN'], 'zh-CN'],
    [['de-DE', 'zh'], 'zh-CN'],
    [['de-DE', 'fr'], 'en-US'],
  ])('browser %j opens in %s', async (languages, expected) => {
    browserLanguages(languages);
    // Signed out: the session request answers without a user.
    mockFetch(() => ({ body: { data: { me: {} } } }));
    await bootstrap();
    expect(appStore.get(languageAtom)).toBe(expected);
    expect(i18n.resolvedLanguage).toBe(expected);
    expect(document.documentElement.lang).toBe(expected);
  });

  it('keeps the language chosen on this device over the browser one', () => {
    browserLanguages(['ru-RU']);
    storeLanguage('es-ES');
    expect(initI18n()).toBe('es-ES');
    expect(i18n.t('common:nav.store')).not.toBe(i18n.getFixedT('ru-RU')('common:nav.store'));
  });

  it('ignores a stored value that is not a language of the app', () => {
    browserLanguages(['ru-RU']);
    localStorage.setItem('rangeforge.language', 'xx-XX');
    expect(initI18n()).toBe('ru-RU');
  });
});
