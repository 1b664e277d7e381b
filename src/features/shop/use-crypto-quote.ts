import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-message';
import { useAsync } from '@/lib/use-async';
import type { CryptoParams, PaymentParams } from '@contract/payments';

import { fetchCryptoQuote } from './api';
import { needsCryptoQuote, type PaymentMethod, withCryptoQuote } from './payment-rules';

export type CryptoQuoteState =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string; retry: () => void };

/**
 * Asks for the picked coin's exact amount (the cost routes quote nothing: most buyers pay by card, and each quote
 * holds one of the coin's few amounts for a day). The answer replaces the coin's plain price in the returned
 * params; a quoted answer is kept for the window, so picking the coin again shows it at once. `requote` forgets it
 * and asks again (the server refused a claim because the price or rate changed since it was quoted).
 */
export function useCryptoQuote(
  params: PaymentParams | null,
  method: PaymentMethod | null,
): { params: PaymentParams | null; quote: CryptoQuoteState; requote: () => void } {
  const { t } = useTranslation();
  const [kept, setKept] = useState<Record<string, CryptoParams>>({});
  const crypto = needsCryptoQuote(method, params) ? method : null;
  // The quote names exactly what the claim will: the method's manual params.
  const body = crypto && params ? { ...params.manual_payments_params[crypto], method: crypto } : null;
  const key = body ? JSON.stringify(body) : '';
  const known = kept[key];
  const result = useAsync(
    (signal) =>
      fetchCryptoQuote(body!, signal).then((quote) => {
        if (quote.quoted) setKept((current) => ({ ...current, [key]: quote }));
        return quote;
      }),
    key,
    { enabled: body !== null && !known },
  );
  const requote = () => {
    setKept(({ [key]: _forgotten, ...others }) => others);
    result.reload();
  };
  if (!crypto || !params) return { params, quote: { status: 'idle' }, requote };
  const answer = known ?? (result.loading ? undefined : result.data);
  if (answer) return { params: withCryptoQuote(params, crypto, answer), quote: { status: 'idle' }, requote };
  if (result.error) {
    const message = errorMessage(result.error, t);
    return { params, quote: { status: 'error', message, retry: result.reload }, requote };
  }
  return { params, quote: { status: 'loading' }, requote };
}
