import './conflict-dialog.css';

import { useTranslation } from 'react-i18next';

import { weightStripes } from '@/lib/weight-stripes';
import type { Pair } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

/** One version of a chart as a small grid, the classes in `differs` outlined, with its note: the range dialogs' view. */
export function VersionGrid({
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
