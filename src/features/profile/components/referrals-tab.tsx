import { useTranslation } from 'react-i18next';

import { PagedTable } from '@/components/paged-table';
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
    <PagedTable
      list={list}
      emptyText={t('profile:referrals.empty')}
      columns={[
        { header: t('profile:referrals.user'), cell: (payment) => payment.user },
        { header: t('profile:referrals.typeLabel'), cell: (payment) => types[payment.type] },
        { header: t('profile:referrals.percent'), cell: (payment) => `${payment.percent}%` },
        {
          header: t('profile:referrals.amount'),
          cell: (payment) => formatMoney(payment.amount, payment.currency, i18n.language),
        },
        {
          header: t('profile:referrals.date'),
          cell: (payment) => formatDateTime(payment.datetime, i18n.language),
        },
      ]}
    />
  );
}
