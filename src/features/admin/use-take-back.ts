import { useCallback, useState } from 'react';

import { useAsync } from '@/lib/use-async';
import type { AdminOrderLines } from '@contract/admin';

import { fetchOrderLines, nothingToTakeBack, takeBackLines } from './api';

/**
 * The money the admin typed as sent back by hand, in major units: null unless it is a number from 0 to `max` with at
 * most two decimals (the server refuses the rest with 400 too).
 */
export function parseRefundAmount(text: string, max: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount <= max + 1e-9 ? amount : null;
}

/** What is left to refund on an order (major units), to the cent. */
export const refundable = (order: AdminOrderLines): number =>
  Math.max(0, Math.round((order.amount - order.refunded) * 100) / 100);

/**
 * One order's lines for the admin's take-back dialog, and the two settlements. `onSettled` runs after a settlement
 * the server took; a refused one (another admin was first: 409) reloads the lines to show what is taken now.
 */
export function useTakeBack(orderId: number, onSettled: () => void) {
  const load = useCallback((signal: AbortSignal) => fetchOrderLines(orderId, signal), [orderId]);
  const order = useAsync(load, String(orderId));
  const { reload } = order;
  const [busy, setBusy] = useState(false);

  const settle = useCallback(
    async (action: () => Promise<AdminOrderLines>): Promise<boolean> => {
      setBusy(true);
      try {
        await action();
        onSettled();
        return true;
      } catch {
        // The global handler shows the server's reason.
        reload();
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onSettled, reload],
  );

  return {
    ...order,
    busy,
    takeBack: (purchaseIds: number[], amount: number) =>
      settle(() => takeBackLines(orderId, { purchase_ids: purchaseIds, amount })),
    nothingToTakeBack: () => settle(() => nothingToTakeBack(orderId)),
  };
}
