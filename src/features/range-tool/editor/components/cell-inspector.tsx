import './cell-inspector.css';

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import { roundCount, useFormat } from '@/lib/format';
import { classKind } from '@/lib/hand-grid';
import { useAtom, useAtomValue } from '@/lib/store';
import { classComboCount, classCombos, HAND_CLASSES } from '@contract/hands';

import { gridHeatAtom } from '../../equity/atoms';
import { ComboChips } from '../../equity/components/card-picker';
import { buttonsAtom, comboExclusionsAtom, inspectedCellAtom, rangePairsAtom } from '../../shared/atoms';
import { countCombos, totalWeight } from '../../shared/range-rules';

/**
 * One class of the chart up close, for the finger that cannot read or aim at a 25 px cell (a long press on it) and
 * for the mouse and keyboard (right click, the menu key, I): its kind, each colour with its weight and combos, the
 * total, every single combo (those left out in the suit editor marked), and its equity while the heat map shows.
 */
export function CellInspector() {
  const { t } = useTranslation();
  const format = useFormat();
  const [hand, setHand] = useAtom(inspectedCellAtom);
  const pairs = useAtomValue(rangePairsAtom);
  const buttons = useAtomValue(buttonsAtom);
  const exclusions = useAtomValue(comboExclusionsAtom);
  const heat = useAtomValue(gridHeatAtom);
  // Leaving the tool (back, a link) closes it: coming back opens the tool, not a hand chosen before.
  useEffect(() => () => setHand(null), [setHand]);
  if (!hand) return null;

  const entries = pairs[hand] ?? [];
  const excluded = exclusions[hand] ?? [];
  const all = classComboCount(hand);
  const counts = countCombos({ [hand]: entries }, { [hand]: excluded });
  const weight = Math.min(100, totalWeight(entries));
  const label = (color: string) =>
    buttons.find((button) => button.color.toLowerCase() === color.toLowerCase())?.label || color;
  const colourCombos = (combos: number) =>
    t('ranges:inspect.colourCombos', {
      combos: format.number(roundCount(combos)),
      count: roundCount(combos),
    });
  const equity = heat?.matrix[HAND_CLASSES.indexOf(hand)];
  const kind = {
    pair: t('ranges:inspect.kind.pair'),
    suited: t('ranges:inspect.kind.suited'),
    offsuit: t('ranges:inspect.kind.offsuit'),
  }[classKind(hand)];

  return (
    <Popup
      open
      title={`${hand} · ${kind}`}
      onClose={() => setHand(null)}
      width={440}
      className="cell-inspector"
    >
      <div data-testid="cell-inspector" data-hand={hand}>
        <p className="cell-inspector__total" data-testid="inspect-total">
          {entries.length > 0
            ? t('ranges:inspect.total', {
                weight: format.percent(weight / 100, 0),
                combos: format.number(roundCount(counts.total.combos)),
                all,
              })
            : t('ranges:inspect.empty', { all })}
        </p>
        {entries.length > 0 && (
          <ul className="cell-inspector__colours" aria-label={t('ranges:inspect.colours')}>
            {entries.map((entry, index) => (
              <li key={`${entry.color}-${index}`} data-color={entry.color} data-weight={entry.weight}>
                <span
                  className="range-button__swatch"
                  style={{ background: entry.color }}
                  aria-hidden="true"
                />
                <span className="cell-inspector__label">{label(entry.color)}</span>
                <span className="cell-inspector__weight">{format.percent(entry.weight / 100, 0)}</span>
                <span className="muted">
                  {colourCombos(counts.byColor[entry.color.toLowerCase()]?.combos ?? 0)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {equity !== undefined && Number.isFinite(equity) && (
          <p data-testid="inspect-equity">{t('ranges:inspect.equity', { equity: format.percent(equity) })}</p>
        )}
        <h3 className="cell-inspector__heading">{t('ranges:inspect.combos')}</h3>
        <ul className="cell-inspector__combos">
          {classCombos(hand).map((combo) => {
            const out = excluded.includes(combo);
            return (
              <li key={combo} data-combo={combo} className={out ? 'is-out' : undefined}>
                <ComboChips combo={combo} />
                {out && <span className="visually-hidden">{t('ranges:inspect.leftOut')}</span>}
              </li>
            );
          })}
        </ul>
        {excluded.length > 0 && <p className="muted">{t('ranges:inspect.leftOutNote')}</p>}
      </div>
    </Popup>
  );
}
