import { atom } from '@/lib/store';
import type { PaymentParams } from '@contract/payments';
import type { Offer } from '@contract/shop';

/** SPEC §4: the shared flag for the Premium/payment popup, set by any 402 answer. */
export const paymentPopupAtom = atom(false);

export type PaymentTarget =
  | { kind: 'premium'; params: PaymentParams }
  | {
      kind: 'package';
      offer: Pick<Offer, 'id' | 'name' | 'premium_required' | 'products' | 'video_courses'>;
    };

/** The open payment window (null when closed). */
export const paymentWindowAtom = atom<PaymentTarget | null>(null);

/**
 * What card payments made on this page have bought, for the account that paid (the order's contents, as the cost
 * route signed them, once the payment answered "paid"), and how many such payments there were. The store and the
 * product page show these as owned at once and load the server's answer again for every new payment.
 */
export interface PaidOnPage {
  userId: number;
  revision: number;
  premium: boolean;
  items: readonly number[];
}

export const paidAtom = atom<PaidOnPage | null>(null);
