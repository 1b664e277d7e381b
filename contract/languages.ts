// The interface languages, free of schemas (the app imports them; LanguageSchema is in envelope.ts).
export const LANGUAGES = ['ru-RU', 'en-US', 'zh-CN', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** A stored or sent language as one of LANGUAGES; anything else (an old row, a typo) reads as the default. */
export function asLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** The languages the store's texts are translated into: English is the text itself and every language's fallback. */
export const TRANSLATED_LANGUAGES = ['ru-RU', 'zh-CN', 'es-ES'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
