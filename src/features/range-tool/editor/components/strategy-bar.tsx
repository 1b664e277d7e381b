import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';

import { buttonsAtom, comboCountsAtom } from '../../shared/atoms';

/**
 * The strategy legend's bar: each action colour's share of all 1,326 combos side by side, in button order, and the
 * hands in no action as the bar's empty rest. The colour buttons under it name each share with its combos.
 */
export function StrategyBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const buttons = useAtomValue(buttonsAtom);
  const counts = useAtomValue(comboCountsAtom);
  const shares = buttons
    .map((button) => ({ button, count: counts.byColor[button.color.toLowerCase()] }))
    .filter((share) => (share.count?.percent ?? 0) > 0);
  return (
    <div
      className="strategy-bar"
      role="img"
      data-testid="strategy-bar"
      aria-label={t('ranges:legend.bar', {
        list: shares
          .map(
            ({ button, count }) => `${button.label || button.color} ${format.percent(count!.percent / 100)}`,
          )
          .join(', '),
      })}
    >
      {shares.map(({ button, count }) => (
        <span
          key={button.color}
          className="strategy-bar__share"
          data-color={button.color}
          style={{ width: `${count!.percent}%`, background: button.color }}
          title={`${button.label || button.color}: ${format.percent(count!.percent / 100)}`}
        />
      ))}
    </div>
  );
}
