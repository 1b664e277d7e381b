import { useCallback } from 'react';

import { API } from '@contract/paths';

import { api } from './api-client';
import { i18n, languageAtom, storeLanguage } from './i18n';
import type { Language } from './languages';
import { sessionAtom } from './session';
import { appStore, useAtomValue } from './store';

/** Reloads the page; a seam so tests can observe it. */
export const pageReloader = { reload: () => window.location.reload() };

/**
 * SPEC §4 language: save on the server (when signed in), set locally, then reload the page and the user.
 * The picker closes itself before calling this.
 */
export async function changeLanguage(language: Language): Promise<void> {
  let saved = language;
  if (appStore.get(sessionAtom).user) {
    const data = await api.post<{ language?: Language } | null>(API.users.language, { language });
    if (data?.language) saved = data.language;
  }
  storeLanguage(saved);
  appStore.set(languageAtom, saved);
  await i18n.changeLanguage(saved);
  pageReloader.reload();
}

export function useLanguage(): [Language, (language: Language) => Promise<void>] {
  const language = useAtomValue(languageAtom);
  return [language, useCallback((next: Language) => changeLanguage(next), [])];
}
