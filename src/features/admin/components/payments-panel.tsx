import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatDateTime, formatMoney } from '@/lib/format';
import { pushToast } from '@/lib/toast';
import { usePagedList } from '@/lib/use-paged-list';
import type { AdminPayment } from '@contract/admin';

import {
  confirmPayment,
  fetchManualPayments,
  markRefunded,
  type PaymentFilter,
  type PaymentStatus,
  rejectPayment,
} from '../api';
import { ExtraCharges } from './extra-charges';
import { TakeBackDialog } from './take-back-dialog';

export function PaymentsPanel() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PaymentFilter>('pending');
  const fetcher = useCallback(
    (page: number, perPage: number, signal: AbortSignal) =>
      fetchManualPayments(status, page, perPage, signal),
    [status],
  );
  const list = usePagedList<AdminPayment>(fetcher, undefined, status);
  const { reload, setPage } = list;
  const [busy, setBusy] = useState<number | null>(null);
  const [takingBack, setTakingBack] = useState<AdminPayment | null>(null);

  const statuses: Record<PaymentStatus, string> = {
    pending: t('admin:payments.status.pending'),
    paid: t('admin:payments.status.paid'),
    rejected: t('admin:payments.status.rejected'),
    failed: t('admin:payments.status.failed'),
    refunded: t('admin:payments.status.refunded'),
  };

  const filters: Record<PaymentFilter, string> = { ...statuses, refunds: t('admin:payments.refunds') };

  // The money owed sent back; a card refund that took back nothing is settled in the take-back dialog.
  const refunded = async (payment: AdminPayment) => {
    setBusy(payment.id);
    try {
      await markRefunded(payment.id);
      pushToast(t('admin:payments.refundedDone'), 'success');
      reload();
    } catch {
      // Shown by the global error handler.
    } finally {
      setBusy(null);
    }
  };

  const act = async (payment: AdminPayment, confirm: boolean) => {
    setBusy(payment.id);
    try {
      if (confirm) await confirmPayment(payment.id);
      else await rejectPayment(payment.id);
      pushToast(confirm ? t('admin:payments.confirmed') : t('admin:payments.rejected'), 'success');
      reload();
    } catch {
      // Shown by the global error handler.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="admin-payments-title">
      <div className="section-head">
        <h2 id="admin-payments-title" className="section-title">
          {t('admin:payments.title')}
        </h2>
        <label className="inline-field">
          {t('admin:payments.filter')}
          <select
            className="field__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PaymentFilter);
              setPage(1);
            }}
          >
            {(Object.keys(filters) as PaymentFilter[]).map((key) => (
              <option key={key} value={key}>
                {filters[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <AsyncState
        loading={list.loading}
        error={list.error}
        empty={list.list.length === 0}
        emptyText={t('admin:payments.empty')}
        onRetry={reload}
      >
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('admin:payments.user')}</th>
                <th scope="col">{t('admin:payments.method')}</th>
                <th scope="col">{t('admin:payments.amount')}</th>
                <th scope="col">{t('admin:payments.source')}</th>
                <th scope="col">{t('admin:payments.date')}</th>
                <th scope="col">{t('admin:payments.statusLabel')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin:payments.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.list.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    {payment.username}
                    {payment.pay_for_premium && <span className="badge badge--premium">Premium</span>}
                  </td>
                  <td>{payment.method}</td>
                  <td>
                    {formatMoney(payment.amount, payment.currency, i18n.language)}
                    {payment.refund_due > 0 && (
                      <span className="badge badge--danger">
                        {t('admin:payments.refundDue', {
                          amount: formatMoney(payment.refund_due, payment.currency, i18n.language),
                        })}
                      </span>
                    )}
                    {payment.card_refunded > 0 && (
                      <span className="badge">
                        {t('admin:payments.cardRefunded', {
                          amount: formatMoney(payment.card_refunded, payment.currency, i18n.language),
                        })}
                      </span>
                    )}
                    {payment.refund_review && (
                      <span className="badge badge--danger">{t('admin:payments.refundReview')}</span>
                    )}
                    <ExtraCharges charges={payment.extra_charges} onSettled={reload} />
                    {payment.expected_amount !== null && (
                      // The buyer was quoted this exact amount: the transaction carrying it is theirs.
                      <div>
                        {t('admin:payments.expected', {
                          amount: `${payment.expected_amount} ${payment.method === 'btc' ? 'BTC' : 'USDT'}`,
                        })}
                      </div>
                    )}
                  </td>
                  <td>
                    <code>{payment.payment_source ?? '—'}</code>
                    {payment.same_source_claims > 1 && (
                      <span className="badge badge--danger">
                        {t('admin:payments.sharedClaims', { count: payment.same_source_claims })}
                      </span>
                    )}
                  </td>
                  <td>{formatDateTime(payment.datetime, i18n.language)}</td>
                  <td>{statuses[payment.status]}</td>
                  <td className="table__actions">
                    {payment.refund_due > 0 && (
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={busy === payment.id}
                        onClick={() => void refunded(payment)}
                      >
                        {t('admin:payments.markRefunded')}
                      </button>
                    )}
                    {(payment.refund_review || payment.status === 'paid') && (
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => setTakingBack(payment)}
                      >
                        {t('admin:takeBack.open')}
                      </button>
                    )}
                    {payment.status === 'pending' && (
                      <>
                        <button
                          type="button"
                          className="button button--primary"
                          disabled={busy === payment.id}
                          onClick={() => void act(payment, true)}
                        >
                          {t('admin:payments.confirm')}
                        </button>
                        <button
                          type="button"
                          className="button button--danger"
                          disabled={busy === payment.id}
                          onClick={() => void act(payment, false)}
                        >
                          {t('admin:payments.reject')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={setPage} />
      </AsyncState>
      {takingBack && (
        <TakeBackDialog payment={takingBack} onClose={() => setTakingBack(null)} onSettled={reload} />
      )}
    </section>
  );
}
