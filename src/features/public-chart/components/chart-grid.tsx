import { useTranslation } from 'react-i18next';

import { formatPercent } from '@/lib/format';
import type { Pair, RangeButton } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

const kindOf = (hand: string) => (hand.length === 2 ? 'pair' : hand.endsWith('s') ? 'suited' : 'offsuit');
const ROWS = Array.from({ length: 13 }, (_, row) => HAND_CLASSES.slice(row * 13, row * 13 + 13));

/**
 * A published chart's 13x13 grid, read-only: each hand's actions as bars as wide as their weights over its kind's
 * tint, as the range tool draws them. A table for assistive technology: each cell reads "AKs: Raise 60%, Call 40%".
 */
export function ChartGrid({ pairs, buttons }: { pairs: readonly Pair[]; buttons: readonly RangeButton[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  const labelOf = (color: string) =>
    buttons.find((button) => button.color.toLowerCase() === color.toLowerCase())?.label ?? color;
  return (
    <div className="public-grid" role="table" aria-label={t('publicChart:grid')}>
      {ROWS.map((row, index) => (
        <div key={index} role="row" className="public-grid__row">
          {row.map((hand) => {
            const pair = byHand.get(hand);
            const colors = pair?.colors ?? [];
            const parts = colors.map(
              (entry) => `${labelOf(entry.color)} ${formatPercent(entry.weight / 100, language, 0, 2)}`,
            );
            const trimmed = (pair?.excluded?.length ?? 0) > 0;
            const label = parts.length
              ? `${hand}: ${parts.join(', ')}${trimmed ? ` (${t('publicChart:trimmed')})` : ''}`
              : `${hand}: ${t('publicChart:notInRange')}`;
            return (
              <span
                key={hand}
                role="cell"
                className={`public-cell public-cell--${kindOf(hand)}${trimmed ? ' public-cell--trimmed' : ''}`}
                data-hand={hand}
                data-colors={colors.map((entry) => `${entry.color}:${entry.weight}`).join(' ')}
                aria-label={label}
                title={label}
              >
                <span className="public-cell__bars" aria-hidden="true">
                  {colors.map((entry, at) => (
                    <span
                      key={`${entry.color}-${at}`}
                      className="public-cell__bar"
                      style={{ width: `${entry.weight}%`, background: entry.color }}
                    />
                  ))}
                </span>
                <span className="public-cell__hand" aria-hidden="true">
                  {hand}
                </span>
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
