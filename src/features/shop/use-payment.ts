import { useCallback } from 'react';

import { useSetAtom } from '@/lib/store';

import { paymentPopupAtom, type PaymentTarget, paymentWindowAtom } from './atoms';

export function useOpenPayment() {
  const setWindow = useSetAtom(paymentWindowAtom);
  const setPopup = useSetAtom(paymentPopupAtom);
  return {
    openPremium: useCallback(() => setPopup(true), [setPopup]),
    openPackage: useCallback(
      (offer: Extract<PaymentTarget, { kind: 'package' }>['offer']) => setWindow({ kind: 'package', offer }),
      [setWindow],
    ),
  };
}
