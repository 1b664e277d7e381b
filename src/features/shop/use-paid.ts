import { useCallback, useEffect, useMemo, useRef } from 'react';

import { useCurrentUser } from '@/lib/session';
import { useAtomValue, useSetAtom } from '@/lib/store';
import type { CloudPaymentsParams } from '@contract/payments';

import { paidAtom } from './atoms';
import { NOTHING_PAID, type Paid } from './owned-view';

/**
 * How often, and how many times, a page showing a payment the server has not confirmed yet asks it again: the card
 * provider's notification normally reaches the server within seconds, and two minutes cover a slow one. After that
 * the page keeps showing the payment as made; a reload shows whatever the server holds.
 */
export const CONFIRM_POLL_MS = 3000;
export const CONFIRM_POLLS = 40;

/** What this page's payments bought for the signed-in account, and how many there were (0: none). */
export function usePaid(): { paid: Paid; revision: number } {
  const user = useCurrentUser();
  const value = useAtomValue(paidAtom);
  return useMemo(
    () =>
      value && user && value.userId === user.id
        ? { paid: { premium: value.premium, items: new Set(value.items) }, revision: value.revision }
        : { paid: NOTHING_PAID, revision: 0 },
    [value, user],
  );
}

/** Records a successful card payment: the contents of the order it paid, as the cost route signed them. */
export function useMarkPaid() {
  const setPaid = useSetAtom(paidAtom);
  return useCallback(
    (order: Pick<CloudPaymentsParams, 'user_id' | 'pay_for_premium' | 'products' | 'video_courses'>) =>
      setPaid((current) => {
        const mine = current?.userId === order.user_id ? current : null;
        return {
          userId: order.user_id,
          revision: (mine?.revision ?? 0) + 1,
          premium: (mine?.premium ?? false) || order.pay_for_premium,
          items: [...new Set([...(mine?.items ?? []), ...order.products, ...order.video_courses])],
        };
      }),
    [setPaid],
  );
}

/**
 * While the page shows a payment the server's last answer does not hold yet, asks again every CONFIRM_POLL_MS, at
 * most CONFIRM_POLLS times. `answer` is the last answer itself: each new one schedules the next ask.
 */
export function useConfirmingReload(confirming: boolean, reload: () => void, answer: unknown): void {
  const polls = useRef(0);
  useEffect(() => {
    if (!confirming) {
      polls.current = 0;
      return;
    }
    if (polls.current >= CONFIRM_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      reload();
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [confirming, reload, answer]);
}
