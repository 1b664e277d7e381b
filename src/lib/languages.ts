import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '@contract/languages';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** Order in the picker: the signed-out default first. */
export const PICKER_ORDER: readonly Language[] = ['en-US', 'ru-RU', 'zh-CN', 'es-ES'];

/** Each language's flag (SPEC §9: ru, gb, cn, es) and its own name, which is never translated. */
export const LANGUAGE_INFO: Record<Language, { flag: 'ru' | 'gb' | 'cn' | 'es'; nativeName: string }> = {
  'en-US': { flag: 'gb', nativeName: 'English' },
  'ru-RU': { flag: 'ru', nativeName: 'Русский' },
  'zh-CN': { flag: 'cn', nativeName: '中文' },
  'es-ES': { flag: 'es', nativeName: 'Español' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
