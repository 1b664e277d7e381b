import { useTranslation } from 'react-i18next';

import { PagedTable } from '@/components/paged-table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import type { Purchase } from '@contract/profile';

import { fetchPurchases } from '../api';

export function PurchasesTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<Purchase>(fetchPurchases);
  const kinds: Record<Purchase['kind'], string> = {
    premium: t('profile:purchases.kind.premium'),
    product: t('profile:purchases.kind.product'),
    video_course: t('profile:purchases.kind.videoCourse'),
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
