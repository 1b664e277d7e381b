import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { LoadingState } from '@/components/async-state';
import { type ClassCell, ClassGrid } from '@/components/class-grid';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '@/lib/session';

import { chartFrequencies, type PricedDiff, pricedDiff } from '../ev-diff';
import type { SolvedDecision, SolvedSpot } from '../solved-spot';
import { useCompareChart } from '../use-compare-chart';
import { UNIT_KEYS, useSpotFormat } from '../use-spot-format';

/** A cell's cost as a heat: transparent at nothing, full red at the chart's costliest cell. */
const heat = (cost: number, worst: number) =>
  `rgba(240, 85, 90, ${worst > 0 ? Math.min(1, Math.max(0, cost) / worst) * 0.85 : 0})`;

function DiffGrid({
  diff,
  solved,
  decision,
}: {
  diff: PricedDiff;
  solved: SolvedSpot;
  decision: SolvedDecision;
}) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const [active, setActive] = useState(0);
  const action = format.action(decision);
  const worst = Math.max(0, ...diff.cells.map((cell) => cell.cost ?? 0));
  const cells = diff.cells.map((cell): ClassCell => {
    const differs = Math.abs(cell.mine - cell.nash) > 0.005;
    const cost = cell.cost === null ? null : format.cost(cell.cost, solved.unit);
    return {
      background: differs && cell.cost !== null ? heat(cell.cost, worst) : undefined,
      value: differs && cell.cost !== null ? format.short(cell.cost, solved.unit) : undefined,
      mark: differs ? (cell.mine > cell.nash ? 'up' : 'down') : undefined,
      label: differs
        ? t('pushFold:diff.cellLabel', {
            hand: cell.hand,
            mine: format.percent(cell.mine),
            nash: format.percent(cell.nash),
            cost: cost ?? t('pushFold:cell.unreached'),
          })
        : t('pushFold:diff.cellSame', { hand: cell.hand }),
      data: { cost: cell.cost === null ? '' : String(cell.cost), differs: String(differs) },
    };
  });
  const cell = diff.cells[active]!;
  return (
    <div className="push-fold-decision">
      <ClassGrid
        label={t('pushFold:diff.gridLabel', { action })}
        cells={cells}
        active={active}
        onActive={setActive}
        testId="push-fold-diff-chart"
      >
        <ul className="push-fold-legend__list">
          <li>
            <span className="push-fold-swatch push-fold-swatch--up" aria-hidden="true" />
            {t('pushFold:diff.more', { action })}
          </li>
          <li>
            <span className="push-fold-swatch push-fold-swatch--down" aria-hidden="true" />
            {t('pushFold:diff.less', { action })}
          </li>
        </ul>
      </ClassGrid>
      <dl
        className="push-fold-cell"
        data-testid="push-fold-diff-cell"
        data-hand={cell.hand}
        aria-live="polite"
      >
        <div className="push-fold-cell__hand">
          <dt>{t('pushFold:cell.hand')}</dt>
          <dd>{cell.hand}</dd>
        </div>
        <div>
          <dt>{t('pushFold:diff.mine', { action })}</dt>
          <dd>{format.percent(cell.mine)}</dd>
        </div>
        <div>
          <dt>{t('pushFold:diff.nash', { action })}</dt>
          <dd>{format.percent(cell.nash)}</dd>
        </div>
        <div>
          <dt>{t('pushFold:diff.cost')}</dt>
          <dd data-testid="push-fold-diff-cell-cost">
            {cell.cost === null ? t('pushFold:cell.unreached') : format.cost(cell.cost, solved.unit)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * One of the player's charts against the solution of the decision shown, priced in EV: per cell what playing it at
 * the player's frequency instead of the solution's costs (chip EV in bb, or ICM EV in percent of the prize pool), and
 * the cost averaged over the hands dealt. The player picks the chart and which of its colours is this action.
 */
export function EvDiff({ solved, decision }: { solved: SolvedSpot; decision: SolvedDecision }) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const user = useCurrentUser();
  const [chartId, setChartId] = useState<number | null>(null);
  const [pickedColor, setPickedColor] = useState<string | null>(null);
  const { choices, chart } = useCompareChart(user ? chartId : null);
  const actions = chart.data?.actions ?? [];
  const color = actions.find((entry) => entry.color === pickedColor)?.color ?? actions[0]?.color ?? null;
  const diff = useMemo(
    () => (chart.data && color ? pricedDiff(decision, chartFrequencies(chart.data.pairs, color)) : null),
    [chart.data, color, decision],
  );
  const action = format.action(decision);
  return (
    <section className="push-fold-diff" aria-labelledby="push-fold-diff-title">
      <h3 id="push-fold-diff-title" className="push-fold__subtitle">
        {t('pushFold:diff.title')}
      </h3>
      <p className="muted">{t('pushFold:diff.text', { unit: t(UNIT_KEYS[solved.unit]) })}</p>
      {!user ? (
        <p>
          <Link to="/auth/login">{t('pushFold:diff.signIn')}</Link>
        </p>
      ) : choices.loading ? (
        <LoadingState />
      ) : choices.error ? (
        <div className="state state--error" role="alert">
          <p>{t('pushFold:diff.loadFailed', { reason: errorMessage(choices.error) })}</p>
          <button type="button" className="button button--ghost" onClick={choices.reload}>
            {t('common:actions.retry')}
          </button>
        </div>
      ) : (choices.data ?? []).length === 0 ? (
        <p className="muted">{t('pushFold:diff.empty')}</p>
      ) : (
        <>
          <div className="push-fold-pickers">
            <div className="field push-fold-field">
              <label htmlFor="push-fold-diff-source" className="field__label">
                {t('pushFold:diff.chart')}
              </label>
              <select
                id="push-fold-diff-source"
                className="field__input"
                value={chartId ?? ''}
                onChange={(event) => {
                  setChartId(event.target.value ? Number(event.target.value) : null);
                  setPickedColor(null);
                }}
              >
                <option value="">{t('pushFold:diff.choose')}</option>
                {(choices.data ?? []).map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            {actions.length > 0 && (
              <div className="field push-fold-field">
                <label htmlFor="push-fold-diff-color" className="field__label">
                  {t('pushFold:diff.color', { action })}
                </label>
                <select
                  id="push-fold-diff-color"
                  className="field__input"
                  value={color ?? ''}
                  onChange={(event) => setPickedColor(event.target.value)}
                >
                  {actions.map((entry) => (
                    <option key={entry.color} value={entry.color}>
                      {entry.label || t('pushFold:diff.unnamed', { color: entry.color })}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          {chart.loading && <LoadingState />}
          {Boolean(chart.error) && (
            <div className="state state--error" role="alert">
              <p>{t('pushFold:diff.loadFailed', { reason: errorMessage(chart.error) })}</p>
              <button type="button" className="button button--ghost" onClick={chart.reload}>
                {t('common:actions.retry')}
              </button>
            </div>
          )}
          {diff && (
            <>
              <p className="push-fold-diff__summary" data-testid="push-fold-diff-summary" role="status">
                {diff.changed === 0
                  ? t('pushFold:diff.same')
                  : t('pushFold:diff.summary', {
                      count: diff.changed,
                      cost:
                        diff.perHand === null
                          ? t('pushFold:cell.unreached')
                          : format.cost(diff.perHand, solved.unit),
                    })}
              </p>
              <DiffGrid diff={diff} solved={solved} decision={decision} />
            </>
          )}
        </>
      )}
    </section>
  );
}
