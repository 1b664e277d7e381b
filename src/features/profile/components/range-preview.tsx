import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadingState } from '@/components/async-state';
import { errorMessage } from '@/lib/error-message';
import { weightStripes } from '@/lib/weight-stripes';
import { HAND_CLASSES } from '@contract/hands';

import { fetchRangePreview, type PreviewPair } from '../api';

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
    return <LoadingState />;
  }
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  return (
    <div className="range-preview" role="img" aria-label={t('profile:strategies.previewLabel')}>
      {HAND_CLASSES.map((hand) => (
        <span
          key={hand}
          className="range-preview__cell"
          data-weight={totalWeight(byHand.get(hand))}
          style={{ backgroundImage: weightStripes(byHand.get(hand)?.colors) }}
        >
          {hand}
        </span>
      ))}
    </div>
  );
}
