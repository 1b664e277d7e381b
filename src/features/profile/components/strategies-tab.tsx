import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import type { IncomingStrategy } from '@contract/categories';

import { fetchIncoming } from '../api';
import { useIncomingAnswer } from '../use-incoming-answer';
import { AcceptDialog } from './accept-dialog';
import { RangePreview } from './range-preview';

export function StrategiesTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<IncomingStrategy>(fetchIncoming);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const settled = () => {
    if (list.list.length === 1 && list.page > 1) list.setPage(list.page - 1);
    else list.reload();
  };
  const { busy, question, accept, reject, confirm, cancel } = useIncomingAnswer(settled);

  const kinds: Record<IncomingStrategy['kind'], string> = {
    folder: t('profile:strategies.kind.folder'),
    range: t('profile:strategies.kind.range'),
    tournament: t('profile:strategies.kind.tournament'),
  };

  return (
    <>
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
                  onClick={() => accept(strategy)}
                >
                  {t('profile:strategies.accept')}
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  disabled={busy === strategy.id}
                  onClick={() => reject(strategy)}
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
      <AcceptDialog question={question} busy={busy !== null} onConfirm={confirm} onCancel={cancel} />
    </>
  );
}
