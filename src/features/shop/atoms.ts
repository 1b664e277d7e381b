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
