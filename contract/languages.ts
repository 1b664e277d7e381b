// The interface languages, free of schemas (the app imports them; LanguageSchema is in envelope.ts).
export const LANGUAGES = ['ru-RU', 'en-US', 'zh-CN', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';
