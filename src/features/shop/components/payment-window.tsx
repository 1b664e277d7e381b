import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState, LoadingState } from '@/components/async-state';
import { CopyButton } from '@/components/copy-button';
import {
  ApplePayIcon,
  BitcoinIcon,
  GooglePayIcon,
  MastercardIcon,
  TetherIcon,
  VisaIcon,
} from '@/components/payment-icons';
import { Popup } from '@/components/popup';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { isLanguage } from '@/lib/languages';
import { loadSession } from '@/lib/session';
import { pushToast } from '@/lib/toast';
import type { PaymentParams } from '@contract/payments';

import { sandboxCharge, sendManualPayment } from '../api';
import type { PaymentTarget } from '../atoms';
import { payWithWidget } from '../card-widget';
import {
  exactCryptoAmount,
  initialPaymentState,
  isManualMethod,
  manualPaymentBody,
  methodPrice,
  ownedMeanwhile,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentReducer,
  type Selection,
  toggleSelection,
  validateCardPurchase,
  validateConfirmation,
} from '../payment-rules';
import { useCryptoQuote } from '../use-crypto-quote';
import { useMarkPaid, usePaid } from '../use-paid';
import { usePaymentParams } from '../use-payment-params';

/** SPEC §2: the payment popup is 550 px wide. */
export const PAYMENT_POPUP_WIDTH = 550;

/** Every item of the package the player does not hold yet (by the offer, or bought on this page since). */
function initialSelection(target: PaymentTarget, paid: ReadonlySet<number>): Selection {
  if (target.kind === 'premium') return { products: [], video_courses: [] };
  const wanted = (items: Array<{ id: number; owned: boolean }>) =>
    items.filter((item) => !item.owned && !paid.has(item.id)).map((item) => item.id);
  return { products: wanted(target.offer.products), video_courses: wanted(target.offer.video_courses) };
}

export interface PaymentWindowProps {
  target: PaymentTarget;
  onClose: () => void;
}

export function PaymentWindow({ target, onClose }: PaymentWindowProps) {
  const { t, i18n } = useTranslation();
  const { paid } = usePaid();
  const markPaid = useMarkPaid();
  const [selection, setSelection] = useState(() => initialSelection(target, paid.items));
  const cost = usePaymentParams(target, selection);
  const { loading, error, reload } = cost;
  // Chosen items the server left out of the order are the player's already (bought meanwhile in another tab).
  const ownedNow = loading || !cost.params ? new Set<number>() : ownedMeanwhile(selection, cost.params);
  const isOwned = (item: { id: number; owned: boolean }) =>
    item.owned || paid.items.has(item.id) || ownedNow.has(item.id);
  const nothingLeft = ownedNow.size > 0 && cost.params !== null && cost.params.cloud_payments.price <= 0;
  const [state, dispatch] = useReducer(paymentReducer, initialPaymentState);
  // A picked coin is quoted now: its exact amount replaces the plain price in `params`.
  const { params, quote, requote } = useCryptoQuote(cost.params, state.method);
  const [busy, setBusy] = useState(false);
  // The server refused the claim: the price or rate changed since the amount was shown. The new one is asked for.
  const [priceChanged, setPriceChanged] = useState(false);
  const language = isLanguage(i18n.language) ? i18n.language : 'en-US';

  const methodLabels: Record<PaymentMethod, string> = {
    cloud: t('shop:payment.methods.cloud'),
    card: t('shop:payment.methods.card'),
    btc: t('shop:payment.methods.btc'),
    tether: t('shop:payment.methods.tether'),
  };
  const methodIcons: Record<PaymentMethod, React.ReactNode> = {
    cloud: <MastercardIcon size={30} />,
    card: <VisaIcon size={30} />,
    btc: <BitcoinIcon size={20} />,
    tether: <TetherIcon size={20} />,
  };

  const title = target.kind === 'premium' ? t('shop:payment.premiumTitle') : target.offer.name;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);

  // The order's own contents are what the payment bought: the store and the product page show them owned at once
  // (and ask the server again), and the session learns of a Premium bought with them.
  const onPaid = async (order: PaymentParams['cloud_payments_params']) => {
    markPaid(order);
    pushToast(t('shop:payment.cardSuccess'), 'success');
    await loadSession();
    onClose();
  };

  const buyWithCard = async () => {
    const problem = validateCardPurchase(params);
    if (problem || !params) {
      dispatch({ type: 'setError', error: problem ?? 'shoppingListEmpty' });
      return;
    }
    const order = params.cloud_payments_params;
    setBusy(true);
    try {
      if (params.sandbox) {
        const charged = await sandboxCharge(order.order_id, order.hash);
        if (charged.status === 'paid') await onPaid(order);
        else pushToast(t('shop:payment.cardFailed', { reason: charged.status }), 'error');
      } else {
        await payWithWidget(params, language, {
          onSuccess: () => void onPaid(order),
          onFail: (reason) => pushToast(t('shop:payment.cardFailed', { reason }), 'error'),
          onComplete: () => pushToast(t('shop:payment.sent'), 'info'),
        });
      }
    } catch (cause) {
      pushToast(t('shop:payment.cardFailed', { reason: errorMessage(cause, t) }), 'error');
    } finally {
      setBusy(false);
    }
  };

  const sendManual = async () => {
    if (!params || !isManualMethod(state.method)) return;
    const problem = validateConfirmation(state.method, state.confirmation);
    if (problem) {
      dispatch({ type: 'setError', error: problem });
      return;
    }
    setBusy(true);
    try {
      await sendManualPayment(manualPaymentBody(state.method, params, state.confirmation));
      dispatch({ type: 'sent' });
      pushToast(t('shop:payment.manualSent'), 'success');
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'cryptoQuoteOutdated') {
        setPriceChanged(true);
        requote();
        reload();
      } else {
        pushToast(errorMessage(cause, t), 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  const manual = isManualMethod(state.method) && params ? params[state.method] : null;
  // A coin's address and amount are shown only once quoted: the plain price names no buyer.
  const payable = manual !== null && manual.account !== '' && (!('quoted' in manual) || manual.quoted);
  const price = state.method && params ? methodPrice(state.method, params) : null;
  const exact = exactCryptoAmount(state.method, params);
  // A crypto method the server closed for this window says why (its amounts are all held, or too many new quotes).
  const closed = manual && 'closed' in manual ? manual.closed : undefined;
  const unavailable =
    closed === 'quoteBudget'
      ? t('errors:cryptoQuoteBudget')
      : closed === 'amountsTaken'
        ? t('errors:cryptoAmountsTaken')
        : t('errors:manualMethodUnavailable');

  return (
    <Popup open title={title} onClose={onClose} width={PAYMENT_POPUP_WIDTH} className="payment-window">
      {params?.sandbox && (
        <p className="payment-window__sandbox" role="note">
          {t('shop:payment.sandboxNotice')}
        </p>
      )}
      {target.kind === 'package' && (
        <fieldset className="offer-items">
          <legend className="offer-items__legend">{t('shop:payment.items')}</legend>
          {target.offer.products.map((item) => (
            <label key={`p${item.id}`} className="check-row">
              <input
                type="checkbox"
                checked={isOwned(item) || selection.products.includes(item.id)}
                disabled={isOwned(item) || busy}
                onChange={() => setSelection((current) => toggleSelection(current, 'products', item.id))}
              />
              <span className="check-row__name">
                {item.name}
                {isOwned(item) && <span className="badge">{t('shop:owned')}</span>}
              </span>
              <span className="check-row__price">
                {money(item.price_in_user_currency, params?.currency ?? 'USD')}
              </span>
            </label>
          ))}
          {target.offer.video_courses.map((item) => (
            <label key={`v${item.id}`} className="check-row">
              <input
                type="checkbox"
                checked={isOwned(item) || selection.video_courses.includes(item.id)}
                disabled={isOwned(item) || busy}
                onChange={() => setSelection((current) => toggleSelection(current, 'video_courses', item.id))}
              />
              <span className="check-row__name">
                {t('shop:videoCourse')}: {item.name}
                {isOwned(item) && <span className="badge">{t('shop:owned')}</span>}
              </span>
              <span className="check-row__price">
                {money(item.price_in_user_currency, params?.currency ?? 'USD')}
              </span>
            </label>
          ))}
          {params?.premium_required && (
            <div className="check-row check-row--premium">
              <input type="checkbox" checked readOnly disabled aria-label={t('shop:payment.premiumLine')} />
              <span className="check-row__name">{t('shop:payment.premiumLine')}</span>
              <span className="check-row__price">{money(params.premium_cost, params.currency)}</span>
            </div>
          )}
        </fieldset>
      )}

      <AsyncState
        loading={loading && !params}
        error={error}
        empty={nothingLeft}
        emptyText={t('shop:payment.nothingLeft')}
        onRetry={reload}
      >
        <div className="methods" role="radiogroup" aria-label={t('shop:payment.methodsLabel')}>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className={`method${state.method === method ? ' method--active' : ''}`}>
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={state.method === method}
                onChange={() => dispatch({ type: 'selectMethod', method, params: cost.params })}
              />
              {methodIcons[method]}
              <span>{methodLabels[method]}</span>
            </label>
          ))}
        </div>

        {state.error === 'chooseAnotherPayment' && (
          <p className="form__error" role="alert">
            {t('errors:chooseAnotherPayment')}
          </p>
        )}

        {params && price && (
          <p className="payment-window__total">
            {t('shop:payment.total')}: <strong>{money(price.amount, price.currency)}</strong>
            {loading && <span className="spinner spinner--inline" aria-label={t('common:states.loading')} />}
          </p>
        )}

        {state.method === 'cloud' && params && (
          <div className="payment-window__cloud">
            <p className="muted">{t('shop:payment.accepted')}</p>
            <div className="accepted-icons">
              <MastercardIcon />
              <VisaIcon />
              <ApplePayIcon />
              <GooglePayIcon />
            </div>
            {state.error === 'shoppingListEmpty' && (
              <p className="form__error" role="alert">
                {t('errors:shoppingListEmpty')}
              </p>
            )}
            <button
              type="button"
              className="button button--primary button--wide"
              disabled={busy || loading}
              onClick={() => void buyWithCard()}
            >
              {busy ? t('common:states.sending') : t('shop:payment.buy')}
            </button>
          </div>
        )}

        {quote.status === 'loading' && <LoadingState text={t('shop:payment.quoting')} />}
        {quote.status === 'error' && (
          <div className="state state--error" role="alert">
            <p>
              {t('shop:payment.quoteFailed')}: {quote.message}
            </p>
            <button type="button" className="button button--ghost" onClick={quote.retry}>
              {t('common:actions.retry')}
            </button>
          </div>
        )}
        {manual && quote.status === 'idle' && manual.account === '' && (
          <p className="form__error" role="alert">
            {unavailable}
          </p>
        )}
        {manual && isManualMethod(state.method) && payable && (
          <form
            className="payment-window__manual"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void sendManual();
            }}
          >
            {exact && (
              <>
                {priceChanged && (
                  <p className="form__error" role="alert">
                    {t('errors:cryptoQuoteOutdated')}
                  </p>
                )}
                <p className="muted">{t('shop:payment.sendExactly')}</p>
                <div className="copy-field">
                  <code className="account">
                    {exact.amount} {exact.unit}
                  </code>
                  <CopyButton text={exact.amount} label={t('shop:payment.copyAmount')} />
                </div>
                <p className="muted">{t('shop:payment.exactWhy')}</p>
              </>
            )}
            <p className="muted">{t('shop:payment.payTo')}</p>
            <div className="copy-field">
              <code className="account">{manual.account}</code>
              <CopyButton text={manual.account} label={t('shop:payment.copyAccount')} />
            </div>
            <TextField
              label={
                state.method === 'card' ? t('shop:payment.confirmCard') : t('shop:payment.confirmCrypto')
              }
              name="payment_source"
              autoComplete="off"
              value={state.confirmation}
              onChange={(event) => dispatch({ type: 'setConfirmation', value: event.target.value })}
              error={
                state.error === 'confirmRequired' || state.error === 'invalidConfirmation'
                  ? t(`errors:${state.error}`)
                  : null
              }
            />
            <p className="muted">{t('shop:payment.within24h')}</p>
            <button type="submit" className="button button--primary button--wide" disabled={busy}>
              {busy ? t('common:states.sending') : t('shop:payment.send')}
            </button>
          </form>
        )}
      </AsyncState>
    </Popup>
  );
}
