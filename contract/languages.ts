import { StringEnum } from './envelope.ts';

export const LANGUAGES = ['ru-RU', 'en-US', 'zh-CN', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const LanguageSchema = StringEnum(LANGUAGES);
