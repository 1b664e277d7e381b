import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';

import type { TranslationKey } from '@/lib/i18n-keys';

/** What a route may declare in its `handle`: the translation key of its page title. */
export interface RouteHandle {
  title?: TranslationKey;
}

const APP_NAME = 'RangeForge';

/**
 * Keeps `document.title` on the deepest matched route's title, in the interface language ("Ranges store ·
 * RangeForge"), so tabs, history and bookmarks say which page they are.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const title = key?.title ? `${t(key.title)} · ${APP_NAME}` : APP_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
