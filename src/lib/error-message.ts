import type { TFunction } from 'i18next';

import { ApiError } from './api-client';
import { i18n } from './i18n';
import { errorKey } from './i18n-keys';

/** SPEC §8: the server's error (translated by its code when we have the text), else the error's own message. */
export function errorMessage(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof ApiError) {
    if (error.code && i18n.exists(`errors:${error.code}`)) return t(errorKey(error.code));
    if (error.status === 0) return t('common:errors.network');
    return error.message || t('errors:somethingWentWrong');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors:somethingWentWrong');
}
