import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PagedTable } from '@/components/paged-table';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime, formatMoney } from '@/lib/format';
import { pushToast } from '@/lib/toast';
import { usePagedList } from '@/lib/use-paged-list';
import type { Purchase } from '@contract/profile';

import { fetchPurchases, restorePack } from '../api';

export function PurchasesTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<Purchase>(fetchPurchases);
  const [restoring, setRestoring] = useState<number | null>(null);
  const kinds: Record<Purchase['kind'], string> = {
    premium: t('profile:purchases.kind.premium'),
    product: t('profile:purchases.kind.product'),
    video_course: t('profile:purchases.kind.videoCourse'),
  };
  // A bought pack whose folder the player deleted: it is still theirs, so its folder can be put back.
  const restore = async (purchase: Purchase) => {
    if (purchase.item_id === null) return;
    setRestoring(purchase.id);
    try {
      await restorePack(purchase.item_id);
      pushToast(t('profile:purchases.restored', { name: purchase.name }), 'success');
      list.reload();
    } catch (cause) {
      pushToast(errorMessage(cause, t), 'error');
    } finally {
      setRestoring(null);
    }
  };
  return (
    <PagedTable
      list={list}
      emptyText={t('profile:purchases.empty')}
      columns={[
        {
          header: t('profile:purchases.name'),
          cell: (purchase) => (
            <>
              {purchase.name}
              {/* Taken back by a card refund: listed still, so the player sees where it went. */}
              {purchase.refunded && (
                <span className="badge badge--danger">{t('profile:purchases.refunded')}</span>
              )}
              {purchase.restorable && (
                <span className="purchase-restore">
                  <span className="muted">{t('profile:purchases.deleted')}</span>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={restoring !== null}
                    onClick={() => void restore(purchase)}
                  >
                    {restoring === purchase.id ? t('common:states.sending') : t('profile:purchases.restore')}
                  </button>
                </span>
              )}
            </>
          ),
        },
        { header: t('profile:purchases.type'), cell: (purchase) => kinds[purchase.kind] },
        {
          header: t('profile:purchases.amount'),
          cell: (purchase) => formatMoney(purchase.amount, purchase.currency, i18n.language),
        },
        {
          header: t('profile:purchases.date'),
          cell: (purchase) => formatDateTime(purchase.datetime, i18n.language),
        },
      ]}
    />
  );
}
