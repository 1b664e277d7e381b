import i18next, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Without storage the language falls back to the account's or the browser's one.
  }
}

/** The interface language (SPEC §3 global state, default en-US). */
export const languageAtom = atom<Language>(DEFAULT_LANGUAGE);

export const i18n = i18next.createInstance();

/**
 * i18next-browser-languagedetector picks the first visit's language: the one chosen on this device (saved by
 * storeLanguage on an explicit choice), else the browser's languages in order ("ru" or "ru-UA" finds ru-RU), else
 * en-US. Nothing is cached on detection, so a later browser change is still followed until the user chooses.
 */
const DETECTION = {
  order: ['localStorage', 'navigator'],
  lookupLocalStorage: LANGUAGE_KEY,
  caches: [],
};

/**
 * Starts i18n in `language`, or in the detected one when none is given, and returns the interface language.
 * The signed-in user's own language replaces it once the session loads (session.ts).
 */
export function initI18n(language?: Language): Language {
  if (!i18n.isInitialized) {
    void i18n
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        resources,
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        detection: DETECTION,
        ns: namespaces,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      });
  } else if (language === undefined || i18n.language !== language) {
    // Without a language i18next asks the detector again.
    void i18n.changeLanguage(language);
  }
  const resolved = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  document.documentElement.lang = resolved;
  return resolved;
}
