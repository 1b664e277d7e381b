import './conflict-dialog.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import { weightStripes } from '@/lib/weight-stripes';
import type { Pair } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

import { differingClasses, type RangeConflict } from '../range-conflict';
import { useRangeConflict } from '../use-range-conflict';

function VersionGrid({
  title,
  pairs,
  note,
  differs,
  testId,
}: {
  title: string;
  pairs: Pair[];
  note: string;
  differs: ReadonlySet<string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  return (
    <figure className="conflict__version" data-testid={testId}>
      <figcaption className="conflict__caption">{title}</figcaption>
      <div className="range-preview conflict__grid" role="img" aria-label={title}>
        {HAND_CLASSES.map((hand) => (
          <span
            key={hand}
            className={`range-preview__cell${differs.has(hand) ? ' conflict__cell--differs' : ''}`}
            data-hand={hand}
            data-coloured={(byHand.get(hand)?.colors.length ?? 0) > 0}
            style={{ backgroundImage: weightStripes(byHand.get(hand)?.colors) }}
          >
            {hand}
          </span>
        ))}
      </div>
      {note ? <p className="conflict__note">{t('offline:conflict.note', { note })}</p> : null}
    </figure>
  );
}

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
