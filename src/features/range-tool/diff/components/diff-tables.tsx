import { useTranslation } from 'react-i18next';

import { formatNumber, roundCount, useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';
import type { ColorEntry } from '@contract/categories';
import { COMBO_COUNT } from '@contract/hands';

import { diffCellAtom } from '../atoms';
import { KIND_LABELS, KIND_MARKS } from '../labels';
import type { StrategyDiff } from '../strategy-diff';

// Combos count fractionally (12 combos at 33% = 3.96): two decimals show every weight the chart can hold.
const COMBO_DIGITS = 2;

/** A signed change in the interface language: "+10", "−2.5", "0". */
export function formatChange(value: number, language: string): string {
  const rounded = Math.round(value * 10 ** COMBO_DIGITS) / 10 ** COMBO_DIGITS;
  return new Intl.NumberFormat(language, {
    maximumFractionDigits: COMBO_DIGITS,
    signDisplay: 'exceptZero',
  }).format(rounded === 0 ? 0 : rounded);
}

function Actions({
  entries,
  combos,
  labelOf,
}: {
  entries: readonly ColorEntry[];
  combos: number;
  labelOf: (color: string) => string;
}) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  if (entries.length === 0) return <p className="muted">{t('diff:detail.none')}</p>;
  return (
    <ul className="diff-detail__actions">
      {entries.map((entry) => (
        <li key={entry.color} data-color={entry.color} data-weight={entry.weight}>
          <span className="range-button__swatch" style={{ background: entry.color }} aria-hidden="true" />
          <span>{labelOf(entry.color)}</span>
          <strong>{percent(entry.weight / 100, 0)}</strong>
          <span className="muted">
            {t('diff:combos', { count: roundCount((combos * entry.weight) / 100, COMBO_DIGITS) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The selected class: its kind of change and its actions with weights and combos on each side. */
export function DiffDetail({
  diff,
  names,
  labelOf,
  inRange,
}: {
  diff: StrategyDiff;
  names: { from: string; to: string };
  labelOf: (color: string) => string;
  /** Combos of a class that the chart holds (the suit editor may leave some out), per side. */
  inRange: (hand: string) => { from: number; to: number };
}) {
  const { t } = useTranslation();
  const hand = useAtomValue(diffCellAtom);
  const entry = hand ? diff.classes.find((item) => item.hand === hand) : undefined;
  return (
    <section className="card diff-detail" aria-labelledby="diff-detail-title" aria-live="polite">
      <h2 id="diff-detail-title">{t('diff:detail.title')}</h2>
      {!entry ? (
        <p className="muted">{t('diff:detail.pick')}</p>
      ) : (
        <div data-testid="diff-detail" data-hand={entry.hand} data-kind={entry.kind}>
          <p className="diff-detail__head">
            <strong className="diff-detail__hand">{entry.hand}</strong>
            <span className={`diff-cell diff-cell--${entry.kind} diff-legend__swatch`} aria-hidden="true">
              <span className="diff-cell__mark">{KIND_MARKS[entry.kind]}</span>
            </span>
            <span>{t(KIND_LABELS[entry.kind])}</span>
          </p>
          <div className="diff-detail__sides">
            <div>
              <h3 className="diff-detail__side">{names.from}</h3>
              <Actions entries={entry.before} combos={inRange(entry.hand).from} labelOf={labelOf} />
            </div>
            <div>
              <h3 className="diff-detail__side">{names.to}</h3>
              <Actions entries={entry.after} combos={inRange(entry.hand).to} labelOf={labelOf} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/** Combos per action on each side and the change, then the whole range. */
export function ComboTable({
  diff,
  names,
  labelOf,
}: {
  diff: StrategyDiff;
  names: { from: string; to: string };
  labelOf: (color: string) => string;
}) {
  const { t } = useTranslation();
  const { language, percent } = useFormat();
  const combos = (value: number) => formatNumber(value, language, COMBO_DIGITS);
  const share = (value: number) => percent(value / COMBO_COUNT, 1);
  return (
    <section className="card diff-combos" aria-labelledby="diff-combos-title">
      <h2 id="diff-combos-title">{t('diff:table.title')}</h2>
      <div className="diff-table-scroll">
        <table className="diff-table" data-testid="diff-table">
          <caption className="visually-hidden">{t('diff:table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('diff:table.action')}</th>
              <th scope="col">{names.from}</th>
              <th scope="col">{names.to}</th>
              <th scope="col">{t('diff:table.change')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.actions.map((action) => (
              <tr key={action.color} data-color={action.color}>
                <th scope="row">
                  <span
                    className="range-button__swatch"
                    style={{ background: action.color }}
                    aria-hidden="true"
                  />
                  {labelOf(action.color)}
                </th>
                <td data-value={action.before}>{combos(action.before)}</td>
                <td data-value={action.after}>{combos(action.after)}</td>
                <td data-value={action.change} className={changeClass(action.change)}>
                  {formatChange(action.change, language)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-color="total">
              <th scope="row">{t('diff:table.total')}</th>
              <td data-value={diff.total.before}>
                {combos(diff.total.before)} <span className="muted">({share(diff.total.before)})</span>
              </td>
              <td data-value={diff.total.after}>
                {combos(diff.total.after)} <span className="muted">({share(diff.total.after)})</span>
              </td>
              <td data-value={diff.total.change} className={changeClass(diff.total.change)}>
                {formatChange(diff.total.change, language)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="muted diff-combos__note">{t('diff:table.note')}</p>
    </section>
  );
}

const changeClass = (value: number) =>
  Math.abs(value) < 0.005
    ? 'diff-change'
    : value > 0
      ? 'diff-change diff-change--up'
      : 'diff-change diff-change--down';
