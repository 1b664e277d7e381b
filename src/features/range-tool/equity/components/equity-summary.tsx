import { useTranslation } from 'react-i18next';

import { roundCount, useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';
import type { EquitySide } from '@contract/categories';
import { sideSource } from '@contract/sides';

import {
  boardCardsAtom,
  buttonsAtom,
  heroSideAtom,
  holeCardsAtom,
  villainSideAtom,
} from '../../shared/atoms';
import { type ComboCount, isBoardComplete } from '../../shared/range-rules';
import { equityShownAtom, heroCombosAtom, villainCombosAtom } from '../atoms';
import type { VillainChart } from '../use-villain-charts';

/** What a side plays, in a few words: this chart's actions as swatches, a chart's name, typed text, hole cards. */
function SideSourceLabel({ side, charts }: { side: EquitySide; charts: readonly VillainChart[] }) {
  const { t } = useTranslation();
  const buttons = useAtomValue(buttonsAtom);
  switch (sideSource(side)) {
    case 'colors':
      return (
        <>
          {buttons
            .filter((button) =>
              (side.colors ?? []).some((color) => color.toLowerCase() === button.color.toLowerCase()),
            )
            .map((button) => (
              <span
                key={button.color}
                className="range-button__swatch"
                style={{ background: button.color }}
                title={button.label || button.color}
                aria-hidden="true"
              />
            ))}
        </>
      );
    case 'chart':
      return (
        <span className="equity-summary__source">
          {charts.find((chart) => chart.id === side.category_id)?.name ?? t('multiway:charts')}
        </span>
      );
    case 'cards':
      return <span className="equity-summary__source">{(side.cards ?? []).join(' ')}</span>;
    default:
      return <span className="equity-summary__source">{t('multiway:text')}</span>;
  }
}

function SideTile({
  role,
  count,
  side,
  charts,
}: {
  role: 'hero' | 'villain';
  count: ComboCount | null;
  side: EquitySide;
  charts: readonly VillainChart[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const combos = count ? roundCount(count.combos) : null;
  return (
    <div className="equity-summary__tile" data-testid={`summary-${role}`}>
      <span className="equity-summary__name">
        {role === 'hero' ? t('ranges:equity.heroColors') : t('ranges:equity.villainColors')}
      </span>
      <span className="equity-summary__from">
        <SideSourceLabel side={side} charts={charts} />
      </span>
      <strong className="equity-summary__value">
        {combos === null ? '…' : t('ranges:summary.combos', { count: combos, combos: format.number(combos) })}
      </strong>
      <span className="equity-summary__share">
        {count ? t('ranges:summary.share', { percent: format.percent(count.percent / 100) }) : '\u00a0'}
      </span>
      <span className="equity-summary__meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, count?.percent ?? 0)}%` }} />
      </span>
    </div>
  );
}

/**
 * What the equity panel knows before any computation: each side's combos and share of all hands, and the next steps
 * still missing (a range per side, a flop for the postflop figures, hole cards for a hand's equity).
 */
export function EquitySummary({ charts }: { charts: readonly VillainChart[] }) {
  const { t } = useTranslation();
  const heroSide = useAtomValue(heroSideAtom);
  const villainSide = useAtomValue(villainSideAtom);
  const board = useAtomValue(boardCardsAtom);
  const hole = useAtomValue(holeCardsAtom);
  const computed = useAtomValue(equityShownAtom);
  const hero = useAtomValue(heroCombosAtom);
  const villain = useAtomValue(villainCombosAtom);

  const steps = [
    { key: 'hero', done: (hero?.combos ?? 0) > 0 || hole.length === 2, text: t('ranges:summary.stepHero') },
    { key: 'villain', done: (villain?.combos ?? 0) > 0, text: t('ranges:summary.stepVillain') },
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
        <SideTile role="hero" count={hero} side={heroSide} charts={charts} />
        <SideTile role="villain" count={villain} side={villainSide} charts={charts} />
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
