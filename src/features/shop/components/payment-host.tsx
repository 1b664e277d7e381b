import { useCallback } from 'react';

import { useAtom } from '@/lib/store';
import type { PaymentParams } from '@contract/payments';

import { paymentPopupAtom, paymentWindowAtom } from '../atoms';
import { PaymentWindow } from './payment-window';
import { PremiumPopup } from './premium-popup';

/** Mounted once by the layout: the Premium popup (shared flag, set by any 402) and the payment window. */
export function PaymentHost() {
  const [popupOpen, setPopupOpen] = useAtom(paymentPopupAtom);
  const [target, setTarget] = useAtom(paymentWindowAtom);
  const closePopup = useCallback(() => setPopupOpen(false), [setPopupOpen]);
  const closeWindow = useCallback(() => setTarget(null), [setTarget]);
  const onConfirm = useCallback(
    (params: PaymentParams) => {
      setPopupOpen(false);
      setTarget({ kind: 'premium', params });
    },
    [setPopupOpen, setTarget],
  );
  return (
    <>
      <PremiumPopup open={popupOpen && !target} onClose={closePopup} onConfirm={onConfirm} />
      {target && <PaymentWindow target={target} onClose={closeWindow} />}
    </>
  );
}
