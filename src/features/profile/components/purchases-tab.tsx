import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
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
    <AsyncState
      loading={list.loading}
      error={list.error}
      empty={list.list.length === 0}
      emptyText={t('profile:purchases.empty')}
      onRetry={list.reload}
    >
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('profile:purchases.name')}</th>
              <th scope="col">{t('profile:purchases.type')}</th>
              <th scope="col">{t('profile:purchases.amount')}</th>
              <th scope="col">{t('profile:purchases.date')}</th>
            </tr>
          </thead>
          <tbody>
            {list.list.map((purchase) => (
              <tr key={purchase.id}>
                <td>{purchase.name}</td>
                <td>{kinds[purchase.kind]}</td>
                <td>{formatMoney(purchase.amount, purchase.currency, i18n.language)}</td>
                <td>{formatDateTime(purchase.datetime, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
    </AsyncState>
  );
}
