import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type ClassCell, ClassGrid } from '@/components/class-grid';
import { classCombos, HAND_CLASSES } from '@contract/hands';
import type { SpotEvUnit } from '@contract/spot-ev';

import { FOLD_COLOR, playColor } from '../chart-save';
import type { SolvedDecision } from '../solved-spot';
import { useSpotFormat } from '../use-spot-format';

const COMBOS = HAND_CLASSES.map((hand) => classCombos(hand).length);

/** The share of all 1,326 hands a decision plays (its frequencies weighted by combos), and those combos. */
export function playedShare(frequency: readonly number[]): { combos: number; share: number } {
  const combos = frequency.reduce((sum, f, index) => sum + f * COMBOS[index]!, 0);
  return { combos, share: combos / 1326 };
}

/**
 * One decision of a solved spot on the 13x13 grid: each class's frequency as a bar in the action's colour, the
 * legend's shares of all hands, and the chosen class up close with its EV of playing and of folding.
 */
export function DecisionChart({
  decision,
  unit,
  title,
}: {
  decision: SolvedDecision;
  unit: SpotEvUnit;
  title: string;
}) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const [active, setActive] = useState(0);
  const color = playColor(decision);
  const action = format.action(decision);
  const cells = useMemo(
    () =>
      decision.frequency.map((f, index): ClassCell => {
        const hand = HAND_CLASSES[index]!;
        const mixed = f > 0.005 && f < 0.995;
        return {
          // The fold is painted too, as the saved chart paints it.
          bars: [
            { color, share: f },
            { color: FOLD_COLOR, share: 1 - f },
          ],
          value: mixed ? String(Math.round(f * 100)) : undefined,
          label: t('pushFold:cell.label', { hand, action, percent: format.percent(f) }),
          data: { frequency: String(Math.round(f * 10_000) / 10_000) },
        };
      }),
    [decision, color, action, format, t],
  );
  const played = playedShare(decision.frequency);
  const index = active;
  const hand = HAND_CLASSES[index]!;
  const play = decision.playEv[index] ?? null;
  const fold = decision.foldEv[index] ?? null;
  return (
    <div className="push-fold-decision">
      <ClassGrid
        label={t('pushFold:result.chartLabel', { decision: title })}
        cells={cells}
        active={active}
        onActive={setActive}
        testId="push-fold-chart"
      >
        <div className="push-fold-legend" data-testid="push-fold-legend">
          <div
            className="push-fold-legend__bar"
            role="img"
            aria-label={t('pushFold:legend.bar', { action, percent: format.percent(played.share) })}
          >
            <span style={{ width: `${played.share * 100}%`, background: color }} />
          </div>
          <ul className="push-fold-legend__list">
            <li data-action="play">
              <span className="push-fold-swatch" style={{ background: color }} aria-hidden="true" />
              {t('pushFold:legend.item', {
                action,
                percent: format.percent(played.share),
                combos: Math.round(played.combos * 10) / 10,
              })}
            </li>
            <li data-action="fold">
              <span className="push-fold-swatch" style={{ background: FOLD_COLOR }} aria-hidden="true" />
              {t('pushFold:legend.item', {
                action: t('pushFold:actions.fold'),
                percent: format.percent(1 - played.share),
                combos: Math.round((1326 - played.combos) * 10) / 10,
              })}
            </li>
          </ul>
        </div>
      </ClassGrid>
      <dl className="push-fold-cell" data-testid="push-fold-cell" data-hand={hand} aria-live="polite">
        <div className="push-fold-cell__hand">
          <dt>{t('pushFold:cell.hand')}</dt>
          <dd>{hand}</dd>
        </div>
        <div>
          <dt>{action}</dt>
          <dd data-testid="push-fold-cell-frequency">{format.percent(decision.frequency[index]!)}</dd>
        </div>
        <div>
          <dt>{t('pushFold:cell.evPlay', { action })}</dt>
          <dd data-testid="push-fold-cell-play">{format.ev(play, unit)}</dd>
        </div>
        <div>
          <dt>{t('pushFold:cell.evFold')}</dt>
          <dd data-testid="push-fold-cell-fold">{format.ev(fold, unit)}</dd>
        </div>
      </dl>
    </div>
  );
}
