import './conflict-dialog.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';

import type { GoneRange } from '../range-gone';
import { useRangeGone } from '../use-range-gone';
import { VersionGrid } from './version-grid';

const NONE: ReadonlySet<string> = new Set();

/**
 * An edit of a range deleted meanwhile: what happened, the player's version, and the choice to save it as a new range
 * or discard it. Closing it decides nothing: the edit stays held on this device and the dialog returns with the next
 * edit of the range or the next load.
 */
export function RangeGoneDialog() {
  const { t } = useTranslation();
  const { gone, more, busy, error, saveAsNew, discard } = useRangeGone();
  // Closed without a choice: hidden until the range's next edit or the next deleted range.
  const [deferred, setDeferred] = useState<GoneRange | null>(null);
  if (!gone) return null;
  const { origin, template } = gone.mine;
  return (
    <Popup
      open={deferred !== gone}
      title={t('offline:gone.title')}
      width={620}
      className="conflict"
      onClose={() => setDeferred(gone)}
    >
      <p className="conflict__intro">
        {origin?.name ? t('offline:gone.intro', { name: origin.name }) : t('offline:gone.introUnnamed')}
      </p>
      <p>{template ? t('offline:gone.template') : t('offline:gone.kept')}</p>
      {more > 0 ? <p data-testid="gone-more">{t('offline:gone.more', { count: more })}</p> : null}
      <div className="conflict__versions conflict__versions--single">
        <VersionGrid
          title={t('offline:conflict.mine')}
          pairs={gone.mine.pairs}
          note={gone.mine.note}
          differs={NONE}
          testId="gone-mine"
        />
      </div>
      {error ? (
        <p className="state state--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="conflict__actions">
        {template ? null : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void saveAsNew()}
          >
            {t('offline:gone.saveAsNew')}
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={discard}>
          {t('offline:gone.discard')}
        </button>
      </div>
    </Popup>
  );
}
