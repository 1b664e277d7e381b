import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import type { ReferralPayment } from '@contract/profile';

import { fetchReferralPayments } from '../api';

export function ReferralsTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<ReferralPayment>(fetchReferralPayments);
  const types: Record<ReferralPayment['type'], string> = {
    premium: t('profile:referrals.type.premium'),
    shop: t('profile:referrals.type.shop'),
  };
  return (
    <AsyncState
      loading={list.loading}
      error={list.error}
      empty={list.list.length === 0}
      emptyText={t('profile:referrals.empty')}
      onRetry={list.reload}
    >
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('profile:referrals.user')}</th>
              <th scope="col">{t('profile:referrals.typeLabel')}</th>
              <th scope="col">{t('profile:referrals.percent')}</th>
              <th scope="col">{t('profile:referrals.amount')}</th>
              <th scope="col">{t('profile:referrals.date')}</th>
            </tr>
          </thead>
          <tbody>
            {list.list.map((payment) => (
              <tr key={payment.id}>
                <td>{payment.user}</td>
                <td>{types[payment.type]}</td>
                <td>{payment.percent}%</td>
                <td>{formatMoney(payment.amount, payment.currency, i18n.language)}</td>
                <td>{formatDateTime(payment.datetime, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
    </AsyncState>
  );
}
