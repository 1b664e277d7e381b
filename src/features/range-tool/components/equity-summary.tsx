import { useTranslation } from 'react-i18next';

import { roundCount, useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';

import {
  boardCardsAtom,
  buttonsAtom,
  equityShownAtom,
  heroColorsAtom,
  heroCombosAtom,
  holeCardsAtom,
  villainColorsAtom,
  villainCombosAtom,
} from '../atoms';
import { type ComboCount, isBoardComplete } from '../range-rules';

function SideTile({
  side,
  count,
  colors,
}: {
  side: 'hero' | 'villain';
  count: ComboCount;
  colors: string[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const buttons = useAtomValue(buttonsAtom);
  const chosen = buttons.filter((button) =>
    colors.some((color) => color.toLowerCase() === button.color.toLowerCase()),
  );
  return (
    <div className="equity-summary__tile" data-testid={`summary-${side}`}>
      <span className="equity-summary__name">
        {chosen.map((button) => (
          <span
            key={button.color}
            className="range-button__swatch"
            style={{ background: button.color }}
            aria-hidden="true"
          />
        ))}
        {side === 'hero' ? t('ranges:equity.heroColors') : t('ranges:equity.villainColors')}
      </span>
      <strong className="equity-summary__value">
        {t('ranges:summary.combos', {
          count: roundCount(count.combos),
          combos: format.number(roundCount(count.combos)),
        })}
      </strong>
      <span className="equity-summary__share">
        {t('ranges:summary.share', { percent: format.percent(count.percent / 100) })}
      </span>
      <span className="equity-summary__meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, count.percent)}%` }} />
      </span>
    </div>
  );
}

/**
 * What the equity panel knows before any computation: each side's combos and share of all hands, and the next steps
 * still missing (a range per side, a flop for the postflop figures, hole cards for a hand's equity).
 */
export function EquitySummary() {
  const { t } = useTranslation();
  const heroColors = useAtomValue(heroColorsAtom);
  const villainColors = useAtomValue(villainColorsAtom);
  const board = useAtomValue(boardCardsAtom);
  const hole = useAtomValue(holeCardsAtom);
  const computed = useAtomValue(equityShownAtom);
  const hero = useAtomValue(heroCombosAtom);
  const villain = useAtomValue(villainCombosAtom);

  const steps = [
    { key: 'hero', done: hero.combos > 0 || hole.length === 2, text: t('ranges:summary.stepHero') },
    { key: 'villain', done: villain.combos > 0, text: t('ranges:summary.stepVillain') },
    {
      key: 'board',
      done: board.length >= 3 && isBoardComplete(board.length),
      text: t('ranges:summary.stepBoard'),
    },
    { key: 'hand', done: hole.length === 2, text: t('ranges:summary.stepHand') },
  ];

  return (
    <div className="equity-summary" data-testid="equity-summary">
      <div className="equity-summary__tiles">
        <SideTile side="hero" count={hero} colors={heroColors} />
        <SideTile side="villain" count={villain} colors={villainColors} />
      </div>
      {!computed && (
        <ol className="equity-summary__steps" aria-label={t('ranges:summary.stepsTitle')}>
          {steps.map((step) => (
            <li key={step.key} className={step.done ? 'is-done' : undefined} data-step={step.key}>
              <span className="equity-summary__check" aria-hidden="true">
                {step.done ? '✓' : ''}
              </span>
              {step.text}
              {step.done && <span className="visually-hidden"> ({t('ranges:summary.done')})</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
