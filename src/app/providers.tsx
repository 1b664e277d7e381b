import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { paymentPopupAtom } from '@/features/shop/atoms';
import { setApiErrorHandler, type ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { i18n, initI18n, languageAtom, storedLanguage, storeLanguage } from '@/lib/i18n';
import { loadSession } from '@/lib/session';
import { appStore, StoreProvider } from '@/lib/store';
import { pushToast } from '@/lib/toast';

/** SPEC §8: 402 → "Please activate full version" and the payment popup; anything else → the server's message. */
export function handleApiError(error: ApiError): void {
  if (error.status === 402) {
    pushToast(i18n.t('errors:premiumRequired'), 'error');
    appStore.set(paymentPopupAtom, true);
    return;
  }
  if (error.status === 401 && !error.code) {
    pushToast(i18n.t('errors:unauthorized'), 'error');
    return;
  }
  pushToast(errorMessage(error), 'error');
}

/** Language, then the session (SPEC §4: fetched on first load); the user's saved language wins once known. */
export async function bootstrap(): Promise<void> {
  const language = storedLanguage();
  appStore.set(languageAtom, language);
  initI18n(language);
  const user = await loadSession();
  if (user && user.language !== appStore.get(languageAtom)) {
    storeLanguage(user.language);
    appStore.set(languageAtom, user.language);
    initI18n(user.language);
  }
}

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => setApiErrorHandler(handleApiError), []);
  return (
    <StoreProvider store={appStore}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </StoreProvider>
  );
}
