import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import type { AdminAuditEntry, AuditAction } from '@contract/admin';

import { fetchAudit } from '../api';

type DetailValue = AdminAuditEntry['detail'][string];

/** A setting's change is `[before, after]`; a list of ids is a list; anything else is the value set. */
function showValue(key: string, value: DetailValue): string {
  if (Array.isArray(value)) {
    return key === 'purchase_ids' ? value.join(', ') : value.map((part) => String(part)).join(' → ');
  }
  return String(value);
}

/**
 * The audit log: who confirmed, rejected, took back or refunded which payment and who changed the settings or the
 * store, newest first, with the request id that leads to the server's log lines of it.
 */
export function AuditPanel() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<AdminAuditEntry>(fetchAudit, undefined, 'admin-audit');
  const actions: Record<AuditAction, string> = {
    'payment.confirm': t('admin:audit.action.paymentConfirm'),
    'payment.reject': t('admin:audit.action.paymentReject'),
    'payment.refunded': t('admin:audit.action.paymentRefunded'),
    'order.take_back': t('admin:audit.action.orderTakeBack'),
    'order.nothing_to_take_back': t('admin:audit.action.orderNothingToTakeBack'),
    'extra_charge.refunded': t('admin:audit.action.extraChargeRefunded'),
    'settings.update': t('admin:audit.action.settingsUpdate'),
    'item.create': t('admin:audit.action.itemCreate'),
    'item.update': t('admin:audit.action.itemUpdate'),
    'item.publish': t('admin:audit.action.itemPublish'),
    'item.content': t('admin:audit.action.itemContent'),
    'package.update': t('admin:audit.action.packageUpdate'),
    'lesson.create': t('admin:audit.action.lessonCreate'),
    'lesson.update': t('admin:audit.action.lessonUpdate'),
    'lesson.video': t('admin:audit.action.lessonVideo'),
  };

  return (
    <section className="card" aria-labelledby="admin-audit-title">
      <div className="section-head">
        <h2 id="admin-audit-title" className="section-title">
          {t('admin:audit.title')}
        </h2>
      </div>
      <AsyncState
        loading={list.loading}
        error={list.error}
        empty={list.list.length === 0}
        emptyText={t('admin:audit.empty')}
        onRetry={list.reload}
      >
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('admin:audit.date')}</th>
                <th scope="col">{t('admin:audit.admin')}</th>
                <th scope="col">{t('admin:audit.actionLabel')}</th>
                <th scope="col">{t('admin:audit.target')}</th>
                <th scope="col">{t('admin:audit.detail')}</th>
                <th scope="col">{t('admin:audit.request')}</th>
              </tr>
            </thead>
            <tbody>
              {list.list.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.datetime, i18n.language)}</td>
                  <td>{entry.admin}</td>
                  <td>{actions[entry.action] ?? entry.action}</td>
                  <td>{entry.target_id === null ? '—' : `#${entry.target_id}`}</td>
                  <td>
                    {Object.entries(entry.detail).map(([key, value]) => (
                      <div key={key}>
                        <code>{key}</code>: {showValue(key, value)}
                      </div>
                    ))}
                  </td>
                  <td>
                    <code>{entry.request_id ?? '—'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
      </AsyncState>
    </section>
  );
}
