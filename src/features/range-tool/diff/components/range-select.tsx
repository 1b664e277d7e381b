import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { AsyncResult } from '@/lib/use-async';

import type { LibraryRange } from '../diff-sides';

const optionText = (range: LibraryRange) => [...range.path, range.name].join(' › ');

/** Picks one range of the player's library (cash and tournament), listed with its folders. */
export function RangeSelect({
  label,
  value,
  library,
  onChange,
}: {
  label: string;
  value: number | null;
  library: AsyncResult<LibraryRange[]>;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ranges = library.data ?? [];
  const groups = [
    { rootType: 'preflop_root', label: t('diff:pick.cash') },
    { rootType: 'tournament_root', label: t('diff:pick.tournament') },
  ] as const;
  // The chosen range may not be in the list yet (still loading) or any more (deleted): it stays selectable.
  const known = value === null || ranges.some((range) => range.id === value);
  return (
    <div className="diff-pick">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={library.loading}
        aria-busy={library.loading}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (next > 0) onChange(next);
        }}
      >
        <option value="" disabled>
          {library.loading ? t('common:states.loading') : t('diff:pick.placeholder')}
        </option>
        {!known && <option value={value!}>{t('diff:pick.current')}</option>}
        {groups.map((group) => {
          const members = ranges.filter((range) => range.rootType === group.rootType);
          return (
            members.length > 0 && (
              <optgroup key={group.rootType} label={group.label}>
                {members.map((range) => (
                  <option key={range.id} value={range.id}>
                    {optionText(range)}
                  </option>
                ))}
              </optgroup>
            )
          );
        })}
      </select>
      {library.error !== null && (
        <span className="range-error" role="alert">
          {t('diff:pick.failed')}{' '}
          <button type="button" className="button button--ghost" onClick={library.reload}>
            {t('common:actions.retry')}
          </button>
        </span>
      )}
      {!library.loading && library.error === null && ranges.length === 0 && (
        <span className="muted">{t('diff:pick.empty')}</span>
      )}
    </div>
  );
}
