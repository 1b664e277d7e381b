import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-message';
import { HAND_CLASSES } from '@contract/hands';

import { fetchRangePreview, type PreviewPair } from '../api';

/** CSS background for a cell: colour stripes sized by weight, the rest left empty. */
function cellBackground(pair: PreviewPair | undefined): string | undefined {
  if (!pair || pair.colors.length === 0) return undefined;
  let offset = 0;
  const stops = pair.colors.map(({ color, weight }) => {
    const from = offset;
    offset += weight;
    return `${color} ${from}% ${offset}%`;
  });
  if (offset < 100) stops.push(`transparent ${offset}% 100%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

function totalWeight(pair: PreviewPair | undefined): number {
  return pair ? pair.colors.reduce((sum, entry) => sum + entry.weight, 0) : 0;
}

/** A small read-only 13x13 chart of a shared range, shown before the user accepts it. */
export function RangePreview({ shareId }: { shareId: number }) {
  const { t } = useTranslation();
  const [pairs, setPairs] = useState<PreviewPair[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchRangePreview(shareId, controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setPairs(Array.isArray(data) ? data : []);
      })
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(cause, t));
      });
    return () => controller.abort();
  }, [shareId, t]);

  if (error) {
    return (
      <p className="state state--error" role="alert">
        {t('profile:strategies.previewFailed')}: {error}
      </p>
    );
  }
  if (!pairs) {
    return (
      <p className="state state--loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('common:states.loading')}
      </p>
    );
  }
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  return (
    <div className="range-preview" role="img" aria-label={t('profile:strategies.previewLabel')}>
      {HAND_CLASSES.map((hand) => (
        <span
          key={hand}
          className="range-preview__cell"
          data-weight={totalWeight(byHand.get(hand))}
          style={{ backgroundImage: cellBackground(byHand.get(hand)) }}
        >
          {hand}
        </span>
      ))}
    </div>
  );
}
