import type { ParseKeys } from 'i18next';

import type equity from '../locales/en-US/equity.json';
import type errors from '../locales/en-US/errors.json';

/** Any 'ns:key' of the en-US files (src/lib/i18n-resources.d.ts makes tsc check it). */
export type TranslationKey = ParseKeys;

export type ErrorKey = `errors:${keyof typeof errors & string}`;

/**
 * The key of an error code known only at run time (the server's `code`, a validator's result). Codes come from
 * contract/errors.ts, whose every code the translation test requires in errors.json; a foreign code is looked up
 * with i18n.exists first (error-message.ts).
 */
export const errorKey = (code: string) => `errors:${code}` as ErrorKey;

/** The engine reports hand categories by name (crates/equity); equity.json has one text per name. */
export const handCategoryKey = (name: string) =>
  `equity:handCategory.${name}` as `equity:handCategory.${keyof (typeof equity)['handCategory'] & string}`;
