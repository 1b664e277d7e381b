import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/format';
import { incomingDecided } from '@/lib/incoming-count';
import { pushToast } from '@/lib/toast';
import { usePagedList } from '@/lib/use-paged-list';
import type { IncomingStrategy } from '@contract/categories';

import { acceptIncoming, fetchIncoming, rejectIncoming } from '../api';
import { RangePreview } from './range-preview';

export function StrategiesTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<IncomingStrategy>(fetchIncoming);
  const [busy, setBusy] = useState<number | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);

  const kinds: Record<IncomingStrategy['kind'], string> = {
    folder: t('profile:strategies.kind.folder'),
    range: t('profile:strategies.kind.range'),
    tournament: t('profile:strategies.kind.tournament'),
  };

  const act = async (strategy: IncomingStrategy, accept: boolean) => {
    setBusy(strategy.id);
    try {
      if (accept) {
        const result = await acceptIncoming(strategy.id);
        incomingDecided();
        pushToast(
          result.removed_category_id
            ? t('profile:strategies.acceptedReplaced', { name: strategy.name })
            : t('profile:strategies.accepted', { name: strategy.name }),
          'success',
        );
      } else {
        await rejectIncoming(strategy.id);
        incomingDecided();
        pushToast(t('profile:strategies.rejected', { name: strategy.name }), 'info');
      }
      if (list.list.length === 1 && list.page > 1) list.setPage(list.page - 1);
      else list.reload();
    } catch {
      // The global error handler has shown the server's message (402 opens the payment popup); the row stays.
    } finally {
      setBusy(null);
    }
  };

  return (
    <AsyncState
      loading={list.loading}
      error={list.error}
      empty={list.list.length === 0}
      emptyText={t('profile:strategies.empty')}
      onRetry={list.reload}
    >
      <ul className="strategy-list">
        {list.list.map((strategy) => (
          <li key={strategy.id} className="strategy-list__item card">
            <div className="strategy-list__info">
              <strong>{strategy.name}</strong>
              <span className="muted">
                {kinds[strategy.kind]} ·{' '}
                {strategy.root_type === 'tournament_root'
                  ? t('profile:strategies.root.tournament')
                  : t('profile:strategies.root.cash')}{' '}
                · {t('profile:strategies.from', { user: strategy.from_user })} ·{' '}
                {formatDateTime(strategy.datetime, i18n.language)}
              </span>
            </div>
            <div className="strategy-list__actions">
              {strategy.kind === 'range' && (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-expanded={previewId === strategy.id}
                  onClick={() => setPreviewId(previewId === strategy.id ? null : strategy.id)}
                >
                  {t('profile:strategies.preview')}
                </button>
              )}
              {strategy.kind === 'range' && (
                // The diff page lives with the range tool; the address is its only contract (features stay apart).
                <Link
                  className="button button--ghost"
                  to={`/compare?incoming=${strategy.id}`}
                  aria-label={t('diff:compareLabel', { name: strategy.name })}
                >
                  {t('diff:compare')}
                </Link>
              )}
              <button
                type="button"
                className="button button--primary"
                disabled={busy === strategy.id}
                onClick={() => void act(strategy, true)}
              >
                {t('profile:strategies.accept')}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={busy === strategy.id}
                onClick={() => void act(strategy, false)}
              >
                {t('profile:strategies.reject')}
              </button>
            </div>
            {previewId === strategy.id && <RangePreview shareId={strategy.id} />}
          </li>
        ))}
      </ul>
      <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
    </AsyncState>
  );
}
