import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateTime, formatMoney } from '@/lib/format';
import { pushToast } from '@/lib/toast';
import type { AdminExtraCharge } from '@contract/admin';

import { markExtraChargeRefunded } from '../api';

/**
 * Card charges on an order's invoice that paid for nothing (a second charge of one invoice): each names its provider
 * transaction, the one to refund in the provider's panel. An open one is owed back; the admin marks it refunded once
 * sent back outside the provider (the provider's own refund of it settles it by itself).
 */
export function ExtraCharges({ charges, onSettled }: { charges: AdminExtraCharge[]; onSettled: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const reasons: Record<AdminExtraCharge['reason'], string> = {
    paid_twice: t('admin:payments.extra.reason.paidTwice'),
    order_refunded: t('admin:payments.extra.reason.orderRefunded'),
    order_closed: t('admin:payments.extra.reason.orderClosed'),
    wrong_amount: t('admin:payments.extra.reason.wrongAmount'),
    wrong_account: t('admin:payments.extra.reason.wrongAccount'),
  };

  const refunded = async (charge: AdminExtraCharge) => {
    setBusy(charge.id);
    try {
      await markExtraChargeRefunded(charge.id);
      pushToast(t('admin:payments.extra.refundedDone'), 'success');
      onSettled();
    } catch {
      // Shown by the global error handler (409: settled meanwhile); the reload shows it as it is now.
      onSettled();
    } finally {
      setBusy(null);
    }
  };

  if (charges.length === 0) return null;
  return (
    <ul className="extra-charges">
      {charges.map((charge) => {
        const money = (amount: number) => formatMoney(amount, charge.currency, i18n.language);
        const settled =
          charge.refunded_at === null
            ? null
            : charge.refunded_by === null
              ? t('admin:payments.extra.settledByCard', {
                  date: formatDateTime(charge.refunded_at, i18n.language),
                })
              : t('admin:payments.extra.settledBy', {
                  admin: charge.refunded_by,
                  date: formatDateTime(charge.refunded_at, i18n.language),
                });
        return (
          <li key={charge.id}>
            <span className={settled ? 'badge' : 'badge badge--danger'}>
              {t('admin:payments.extra.charged', {
                amount: money(charge.amount),
                transaction: charge.transaction_id,
              })}
            </span>{' '}
            {reasons[charge.reason]}
            {/* A charge marked refunded by hand and refunded by card too went back twice: both show. */}
            {charge.card_refunded > 0 && (settled === null || charge.refunded_by !== null) && (
              <> · {t('admin:payments.extra.cardRefunded', { amount: money(charge.card_refunded) })}</>
            )}
            {settled !== null && <> · {settled}</>}
            {settled === null && (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy === charge.id}
                aria-label={t('admin:payments.extra.markRefundedOf', { transaction: charge.transaction_id })}
                onClick={() => void refunded(charge)}
              >
                {t('admin:payments.extra.markRefunded')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
