import { useTranslation } from 'react-i18next';

import { PagedTable } from '@/components/paged-table';
import { formatDateTime, formatMoney, formatPercent } from '@/lib/format';
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
      // On a phone each payment is two short lines: who and how much, then what, the share and when.
      className="table--referrals"
      columns={[
        {
          header: t('profile:referrals.user'),
          // The buyer deleted their account: the payout stays, the name does not.
          cell: (payment) =>
            payment.user || <span className="muted">{t('profile:referrals.deletedUser')}</span>,
          className: 'referral__user',
        },
        {
          header: t('profile:referrals.typeLabel'),
          cell: (payment) => types[payment.type],
          className: 'referral__type',
        },
        {
          header: t('profile:referrals.percent'),
          cell: (payment) => formatPercent(payment.percent / 100, i18n.language, 0, 2),
          className: 'referral__percent',
        },
        {
          header: t('profile:referrals.amount'),
          cell: (payment) => (
            <>
              {formatMoney(payment.amount, payment.currency, i18n.language)}
              {payment.reversed > 0 && (
                <span className="badge badge--danger">
                  {t('profile:referrals.reversed', {
                    amount: formatMoney(payment.reversed, payment.currency, i18n.language),
                  })}
                </span>
              )}
            </>
          ),
          className: 'referral__amount',
        },
        {
          header: t('profile:referrals.date'),
          cell: (payment) => formatDateTime(payment.datetime, i18n.language),
          className: 'referral__date',
        },
      ]}
    />
  );
}
