import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from './languages';
import { atom } from './store';

// Every src/locales/<lng>/<namespace>.json is picked up, so a feature adds its namespace by adding files only.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function buildResources(modules: Record<string, Record<string, unknown>> = files): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] ??= {};
    resources[lng][ns] = content;
  }
  return resources;
}

export const resources = buildResources();
export const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))].sort();

const LANGUAGE_KEY = 'rangeforge.language';

/** The language chosen on this device; the signed-in user's own language replaces it once the session loads. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Without storage the language falls back to the account's or the default one.
  }
}

/** The interface language (SPEC §3 global state, default en-US). */
export const languageAtom = atom<Language>(DEFAULT_LANGUAGE);

export const i18n = i18next.createInstance();

export function initI18n(language: Language = storedLanguage()): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18n;
}
