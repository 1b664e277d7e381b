import './conflict-dialog.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';

import { differingClasses, type RangeConflict } from '../range-conflict';
import { useRangeConflict } from '../use-range-conflict';
import { VersionGrid } from './version-grid';

/**
 * A save refused because the range was changed in another session: both versions side by side, the differing
 * classes outlined, and the player's choice. Closing it decides nothing: the edit stays held on this device and
 * the dialog returns with the next edit of the range or the next load.
 */
export function ConflictDialog() {
  const { t } = useTranslation();
  const { conflict, busy, error, choose } = useRangeConflict();
  // Closed without a choice: hidden until the next refused save (every new edit of the range brings it back).
  const [deferred, setDeferred] = useState<RangeConflict | null>(null);
  if (!conflict) return null;
  const differs = differingClasses(conflict.mine.pairs, conflict.theirs.pairs);
  const open = deferred !== conflict;
  return (
    <Popup
      open={open}
      title={t('offline:conflict.title')}
      width={980}
      className="conflict"
      onClose={() => setDeferred(conflict)}
    >
      <p className="conflict__intro">
        {t('offline:conflict.intro', { name: conflict.theirs.category.name })}
      </p>
      <p className="conflict__count" data-testid="conflict-differ">
        {t('offline:conflict.differ', { count: differs.length })}
      </p>
      <div className="conflict__versions">
        <VersionGrid
          title={t('offline:conflict.mine')}
          pairs={conflict.mine.pairs}
          note={conflict.mine.note}
          differs={new Set(differs)}
          testId="conflict-mine"
        />
        <VersionGrid
          title={t('offline:conflict.theirs')}
          pairs={conflict.theirs.pairs}
          note={conflict.theirs.category.note}
          differs={new Set(differs)}
          testId="conflict-theirs"
        />
      </div>
      {error ? (
        <p className="state state--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="conflict__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void choose('mine')}
        >
          {t('offline:conflict.keepMine')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void choose('theirs')}>
          {t('offline:conflict.keepTheirs')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void choose('copy')}
        >
          {t('offline:conflict.saveCopy')}
        </button>
      </div>
    </Popup>
  );
}
