import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';

import { paymentPopupAtom } from '@/features/shop/atoms';
import { type ApiError, setApiErrorHandler } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { i18n, initI18n, languageAtom } from '@/lib/i18n';
import { endSession, loadSession, sessionAtom } from '@/lib/session';
import { appStore, StoreProvider } from '@/lib/store';
import { pushToast } from '@/lib/toast';

/**
 * SPEC §8: 402 → "Please activate full version" and the payment popup (even for quiet calls); anything else → the
 * server's message, unless the caller shows it itself. An expired token (401 "User is not authorized" while a user
 * is signed in) also ends the local session, as one the server ended (endSession), not the player's own sign-out.
 */
export function handleApiError(error: ApiError, { quiet }: { quiet: boolean } = { quiet: false }): void {
  if (error.status === 402) {
    pushToast(i18n.t('errors:premiumRequired'), 'error');
    appStore.set(paymentPopupAtom, true);
    return;
  }
  if (
    error.status === 401 &&
    (!error.code || error.code === 'unauthorized') &&
    appStore.get(sessionAtom).user
  ) {
    // Not the player's own sign-out: the open range stays on screen and its edits are held for this account.
    endSession();
    pushToast(i18n.t('errors:unauthorized'), 'error');
    return;
  }
  if (!quiet) pushToast(errorMessage(error), 'error');
}

/**
 * Language (this device's choice, else the browser's on a first visit), then the session (SPEC §4: fetched on first
 * load); a signed-in user's saved language then wins.
 */
export async function bootstrap(): Promise<void> {
  appStore.set(languageAtom, initI18n());
  await loadSession();
}

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => setApiErrorHandler(handleApiError), []);
  return (
    <StoreProvider store={appStore}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </StoreProvider>
  );
}
