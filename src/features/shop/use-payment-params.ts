import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-message';
import { useAsync } from '@/lib/use-async';

import { fetchShopCost } from './api';
import type { PaymentTarget } from './atoms';
import type { Selection } from './payment-rules';

/** Payment parameters: given for Premium, recalculated by the server for a package on every toggle. */
export function usePaymentParams(target: PaymentTarget, selection: Selection) {
  const { t } = useTranslation();
  const packageId = target.kind === 'package' ? target.offer.id : null;
  const result = useAsync(
    (signal) => fetchShopCost({ package_id: packageId ?? 0, ...selection }, signal),
    JSON.stringify([packageId, selection]),
    { enabled: packageId !== null, keepPrevious: true },
  );
  if (target.kind === 'premium') {
    return { params: target.params, loading: false, error: null, reload: result.reload };
  }
  return {
    params: result.data ?? null,
    loading: result.loading,
    error: result.error ? errorMessage(result.error, t) : null,
    reload: result.reload,
  };
}
