import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import type { RangeButton } from '@contract/categories';
import type { TrainerAnswerResult } from '@contract/trainer';

/** An action's name: its button label, else its colour. */
export function useActionName() {
  const { t } = useTranslation();
  return (action: RangeButton | null) =>
    action === null
      ? t('trainer:drill.fold')
      : action.label || t('trainer:drill.unnamed', { color: action.color });
}

/**
 * The right answer drawn as the range tool draws a cell: one bar per colour, as wide as its weight, the rest of the
 * cell empty ("not in the range"), with the list of actions and weights beside it.
 */
export function AnswerCell({
  result,
  actions,
}: {
  result: Pick<TrainerAnswerResult, 'colors' | 'fold' | 'hand'>;
  actions: readonly RangeButton[];
}) {
  const format = useFormat();
  const name = useActionName();
  const parts = [
    ...result.colors.map((entry) => ({
      key: entry.color,
      color: entry.color as string | null,
      weight: entry.weight,
      label: name(
        actions.find((action) => action.color === entry.color) ?? { color: entry.color, label: '' },
      ),
    })),
    ...(result.fold > 0 ? [{ key: 'fold', color: null, weight: result.fold, label: name(null) }] : []),
  ];
  return (
    <div className="trainer-answer">
      <span
        className="trainer-answer__cell"
        data-testid="answer-cell"
        data-colors={result.colors.map((entry) => `${entry.color}:${entry.weight}`).join(' ')}
        aria-hidden="true"
      >
        {result.colors.map((entry) => (
          <span
            key={entry.color}
            className="trainer-answer__bar"
            style={{ width: `${entry.weight}%`, background: entry.color }}
          />
        ))}
        <span className="trainer-answer__hand">{result.hand}</span>
      </span>
      <ul className="trainer-answer__list">
        {parts.map((part) => (
          <li key={part.key} data-color={part.color ?? 'fold'} data-weight={part.weight}>
            <span
              className={`trainer-swatch${part.color ? '' : ' trainer-swatch--fold'}`}
              style={part.color ? { background: part.color } : undefined}
              aria-hidden="true"
            />
            {part.label} <strong>{format.percent(part.weight / 100, 0)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
