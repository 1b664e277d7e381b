// The admin's drafts of store words in the other interface languages (English is the item's own name): what the
// forms hold, what they send (a language without a name is left out, so the store shows English there) and the one
// mistake to stop before sending, a description without a name.
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@contract/languages';

export interface NamedDraft {
  name: string;
  description: string;
}
export type NamedDrafts = Record<TranslatedLanguage, NamedDraft>;
export type TitleDrafts = Record<TranslatedLanguage, string>;
export type TranslationError = 'translationNameRequired';

export const emptyNamedDrafts = (): NamedDrafts => ({
  'ru-RU': { name: '', description: '' },
  'zh-CN': { name: '', description: '' },
  'es-ES': { name: '', description: '' },
});

export const emptyTitleDrafts = (): TitleDrafts => ({ 'ru-RU': '', 'zh-CN': '', 'es-ES': '' });

/** The drafts of stored translations (a language without one is empty). */
export function namedDrafts(
  stored: Partial<Record<TranslatedLanguage, NamedDraft>> | undefined,
): NamedDrafts {
  const drafts = emptyNamedDrafts();
  for (const language of TRANSLATED_LANGUAGES) {
    const text = stored?.[language];
    if (text) drafts[language] = { name: text.name, description: text.description };
  }
  return drafts;
}

export function titleDrafts(stored: Partial<Record<TranslatedLanguage, string>> | undefined): TitleDrafts {
  const drafts = emptyTitleDrafts();
  for (const language of TRANSLATED_LANGUAGES) drafts[language] = stored?.[language] ?? '';
  return drafts;
}

/** The languages whose description is filled in without a name: a translation needs its name. */
export function namedDraftErrors(drafts: NamedDrafts): Partial<Record<TranslatedLanguage, TranslationError>> {
  const errors: Partial<Record<TranslatedLanguage, TranslationError>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const { name, description } = drafts[language];
    if (!name.trim() && description.trim()) errors[language] = 'translationNameRequired';
  }
  return errors;
}

/** What the server stores: every language with a name, trimmed; the others fall back to English. */
export function toNamedTranslations(drafts: NamedDrafts): Partial<Record<TranslatedLanguage, NamedDraft>> {
  const result: Partial<Record<TranslatedLanguage, NamedDraft>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const name = drafts[language].name.trim();
    if (name) result[language] = { name, description: drafts[language].description.trim() };
  }
  return result;
}

export function toTitleTranslations(drafts: TitleDrafts): Partial<Record<TranslatedLanguage, string>> {
  const result: Partial<Record<TranslatedLanguage, string>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const title = drafts[language].trim();
    if (title) result[language] = title;
  }
  return result;
}
