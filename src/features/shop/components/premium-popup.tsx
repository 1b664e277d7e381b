import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { pushToast } from '@/lib/toast';
import { useAsync } from '@/lib/use-async';
import type { PaymentParams } from '@contract/payments';

import { fetchPremiumCost } from '../api';

export type PriceState =
  { status: 'loading' } | { status: 'ready'; params: PaymentParams } | { status: 'error' };

/** Loads GET /api/v1/shop/cost/premium when opened and on Update (SPEC §7); a failure toasts and offers Update. */
export function usePremiumPrice(open: boolean): { state: PriceState; reload: () => void } {
  const { t } = useTranslation();
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchPremiumCost(signal).catch((error: unknown) => {
        if (!signal.aborted)
          pushToast(`${t('shop:premium.priceFailed')}: ${errorMessage(error, t)}`, 'error');
        throw error;
      }),
    [t],
  );
  const result = useAsync(load, 'premium-cost', { enabled: open });
  const state: PriceState =
    result.loading || (!result.data && !result.error)
      ? { status: 'loading' }
      : result.data
        ? { status: 'ready', params: result.data }
        : { status: 'error' };
  return { state, reload: result.reload };
}

export interface PremiumButtonProps {
  state: PriceState;
  onConfirm: (params: PaymentParams) => void;
  onUpdate: () => void;
}

/** SPEC §2: Loading (disabled look), the price (purchase; emits confirm), or Update when the price failed. */
export function PremiumPriceButton({ state, onConfirm, onUpdate }: PremiumButtonProps) {
  const { t, i18n } = useTranslation();
  if (state.status === 'loading') {
    return (
      <button type="button" className="button button--primary button--wide" disabled aria-busy="true">
        {t('shop:premium.loading')}
      </button>
    );
  }
  if (state.status === 'error') {
    return (
      <button type="button" className="button button--ghost button--wide" onClick={onUpdate}>
        {t('shop:premium.update')}
      </button>
    );
  }
  const { price, currency } = state.params.card;
  return (
    <button
      type="button"
      className="button button--primary button--wide"
      onClick={() => onConfirm(state.params)}
    >
      {t('shop:premium.buy', { price: formatMoney(price, currency, i18n.language) })}
    </button>
  );
}

export interface PremiumPopupProps {
  open: boolean;
  onClose: () => void;
  /** Confirming closes this popup and opens the payment window (SPEC §4). */
  onConfirm: (params: PaymentParams) => void;
}

export function PremiumPopup({ open, onClose, onConfirm }: PremiumPopupProps) {
  const { t } = useTranslation();
  const { state, reload } = usePremiumPrice(open);
  const benefits = [
    t('shop:premium.benefits.share'),
    t('shop:premium.benefits.unlimited'),
    t('shop:premium.benefits.move'),
    t('shop:premium.benefits.copy'),
  ];
  return (
    <Popup open={open} title={t('shop:premium.title')} onClose={onClose} className="premium-popup">
      <p className="premium-popup__text">{t('shop:premium.text')}</p>
      <ul className="benefits">
        {benefits.map((benefit) => (
          <li key={benefit} className="benefits__item">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M5 12l5 5L20 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
            {benefit}
          </li>
        ))}
      </ul>
      <p className="muted premium-popup__once">{t('shop:premium.oneTime')}</p>
      <PremiumPriceButton state={state} onConfirm={onConfirm} onUpdate={reload} />
    </Popup>
  );
}
