import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Popup } from '@/components/popup';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime, formatMoney } from '@/lib/format';
import { pushToast } from '@/lib/toast';
import type { AdminOrderLines, AdminPayment } from '@contract/admin';

import { parseRefundAmount, refundable, useTakeBack } from '../use-take-back';

interface Props {
  payment: AdminPayment;
  onClose: () => void;
  /** The order was settled: the list reloads (a settled flag leaves the refund queue). */
  onSettled: () => void;
}

/**
 * The admin's call on a refund: which delivered lines of the order the buyer loses (checkboxes), the money sent back
 * by hand for them, a confirmation naming what goes, or "nothing to take back" for a flagged card refund.
 */
export function TakeBackDialog({ payment, onClose, onSettled }: Props) {
  const { t } = useTranslation();
  const settle = useTakeBack(payment.id, onSettled);
  return (
    <Popup open title={t('admin:takeBack.title', { id: payment.id })} onClose={onClose} width={550}>
      <AsyncState
        loading={settle.loading}
        error={settle.error ? errorMessage(settle.error, t) : null}
        empty={false}
        emptyText=""
        onRetry={settle.reload}
      >
        {settle.data && (
          <TakeBackForm
            // A reload after a refusal starts over from what the server holds now.
            key={JSON.stringify(settle.data)}
            order={settle.data}
            busy={settle.busy}
            // A card refund already recorded may cover the lines: the admin then adds nothing.
            initialAmount={payment.card_refunded > 0 ? '0' : ''}
            onTakeBack={async (ids, amount) => {
              if (await settle.takeBack(ids, amount)) {
                pushToast(t('admin:takeBack.done'), 'success');
                onClose();
              }
            }}
            onNothing={async () => {
              if (await settle.nothingToTakeBack()) {
                pushToast(t('admin:takeBack.nothingDone'), 'success');
                onClose();
              }
            }}
          />
        )}
      </AsyncState>
    </Popup>
  );
}

interface FormProps {
  order: AdminOrderLines;
  busy: boolean;
  initialAmount: string;
  onTakeBack: (ids: number[], amount: number) => Promise<void>;
  onNothing: () => Promise<void>;
}

function TakeBackForm({ order, busy, initialAmount, onTakeBack, onNothing }: FormProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, order.currency, i18n.language);
  const [chosen, setChosen] = useState<number[]>([]);
  const [amountText, setAmountText] = useState(initialAmount);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const max = refundable(order);
  const losing = order.lines.filter((line) => chosen.includes(line.id));

  const review = () => {
    const amount = parseRefundAmount(amountText, max);
    if (chosen.length === 0) setError(t('admin:takeBack.chooseLines'));
    else if (amount === null) setError(t('admin:takeBack.amountInvalid', { max: money(max) }));
    else {
      setError(null);
      setConfirming(amount);
    }
  };

  return (
    <>
      <p>{t('admin:takeBack.paid', { amount: money(order.amount), refunded: money(order.refunded) })}</p>
      {order.settled_by && order.settled_at && (
        <p className="field__hint">
          {t('admin:takeBack.settled', {
            admin: order.settled_by,
            date: formatDateTime(order.settled_at, i18n.language),
          })}
        </p>
      )}
      <fieldset disabled={busy || confirming !== null}>
        <legend>{t('admin:takeBack.lines')}</legend>
        {order.lines.map((line) => (
          <label key={line.id} className="check-row">
            <input
              type="checkbox"
              disabled={line.refunded}
              checked={line.refunded || chosen.includes(line.id)}
              onChange={(event) =>
                setChosen((ids) =>
                  event.target.checked ? [...ids, line.id] : ids.filter((id) => id !== line.id),
                )
              }
            />
            <span className="check-row__name">{line.name}</span>
            <span className="check-row__price">{money(line.amount)}</span>
            {line.refunded && <span className="badge badge--danger">{t('profile:purchases.refunded')}</span>}
          </label>
        ))}
        <TextField
          label={t('admin:takeBack.amount')}
          hint={t('admin:takeBack.amountHint', { max: money(max) })}
          inputMode="decimal"
          value={amountText}
          error={error}
          onChange={(event) => setAmountText(event.target.value)}
        />
      </fieldset>
      {confirming === null ? (
        <div className="range-popup-actions">
          <button type="button" className="button button--danger" disabled={busy} onClick={review}>
            {t('admin:takeBack.submit')}
          </button>
          {order.refund_review && (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => void onNothing()}
            >
              {t('admin:takeBack.nothing')}
            </button>
          )}
        </div>
      ) : (
        <div role="alertdialog" aria-label={t('admin:takeBack.submit')}>
          <p>
            {t('admin:takeBack.confirm', {
              lines: losing.map((line) => line.name).join(', '),
              amount: money(confirming),
            })}
          </p>
          <div className="range-popup-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() =>
                void onTakeBack(
                  losing.map((line) => line.id),
                  confirming,
                )
              }
            >
              {t('admin:takeBack.confirmYes')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => setConfirming(null)}
            >
              {t('admin:takeBack.back')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
