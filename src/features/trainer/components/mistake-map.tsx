import { useTranslation } from 'react-i18next';

import { classKind } from '@/lib/hand-grid';
import { HAND_CLASSES } from '@contract/hands';

import type { SessionScore } from '../trainer-rules';

/**
 * The session's mistakes on the 13x13 grid: a missed cell turns red, brighter when half or more of its answers missed;
 * cells asked and never missed are marked right, cells not asked stay plain.
 */
export function MistakeMap({ score }: { score: SessionScore }) {
  const { t } = useTranslation();
  const missedAny = Object.values(score.classes).some((entry) => entry.missed > 0);
  return (
    <section className="card trainer-map" aria-labelledby="trainer-map-title">
      <h2 id="trainer-map-title">{t('trainer:map.title')}</h2>
      {!missedAny && <p className="muted">{t('trainer:map.none')}</p>}
      <div className="trainer-map__grid" role="img" aria-label={t('trainer:map.label')}>
        {HAND_CLASSES.map((hand) => {
          const entry = score.classes[hand];
          const share = entry ? entry.missed / entry.shown : 0;
          const state = !entry ? 'none' : entry.missed > 0 ? 'missed' : 'right';
          return (
            <span
              key={hand}
              className={`trainer-map__cell trainer-map__cell--${classKind(hand)} trainer-map__cell--${state}${
                share >= 0.5 ? ' trainer-map__cell--missed-most' : ''
              }`}
              data-hand={hand}
              data-missed={entry?.missed ?? 0}
              title={entry ? t('trainer:map.cell', { hand, missed: entry.missed, shown: entry.shown }) : hand}
            >
              {hand}
            </span>
          );
        })}
      </div>
    </section>
  );
}
