import { useTranslation } from 'react-i18next';

import { LoadingState } from '@/components/async-state';
import { useAtom, useAtomValue } from '@/lib/store';

import { shownDecisionAtom, shownSeatAtom, solveJobAtom, spotDraftAtom } from '../atoms';
import { decisionsOfSeat, effectiveStack, type SolvedSpot } from '../solved-spot';
import { parseSpot } from '../spot-draft';
import { useSpotFormat } from '../use-spot-format';
import { DecisionChart } from './decision-chart';
import { EquityTable } from './equity-table';
import { EvDiff } from './ev-diff';
import { SaveCharts } from './save-charts';

const sameSpot = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The seat and decision pickers over one decision's chart. */
function DecisionPicker({ solved }: { solved: SolvedSpot }) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const [seat, setSeat] = useAtom(shownSeatAtom);
  const [shownKey, setShownKey] = useAtom(shownDecisionAtom);
  const players = solved.spot.stacks.length;
  const seatShown = Math.min(seat, players - 1);
  const decisions = decisionsOfSeat(solved, seatShown);
  const decision = decisions.find((entry) => entry.key === shownKey) ?? decisions[0];
  return (
    <>
      <div className="push-fold-pickers">
        <div className="field push-fold-field">
          <label htmlFor="push-fold-seat" className="field__label">
            {t('pushFold:result.seat')}
          </label>
          <select
            id="push-fold-seat"
            className="field__input"
            value={seatShown}
            onChange={(event) => {
              setSeat(Number(event.target.value));
              setShownKey(null);
            }}
          >
            {solved.spot.stacks.map((stack, index) => (
              <option key={index} value={index}>
                {t('pushFold:result.seatOption', {
                  position: format.position(players, index),
                  stack: format.stack(stack),
                })}
              </option>
            ))}
          </select>
        </div>
        <div className="field push-fold-field">
          <label htmlFor="push-fold-decision" className="field__label">
            {t('pushFold:result.decision')}
          </label>
          <select
            id="push-fold-decision"
            className="field__input"
            value={decision?.key ?? ''}
            onChange={(event) => setShownKey(event.target.value)}
          >
            {decisions.map((entry) => (
              <option key={entry.key} value={entry.key}>
                {format.decision(players, entry)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {decision && (
        <>
          <p className="muted push-fold-results__effective">
            {t('pushFold:result.effective', { stack: format.stack(effectiveStack(solved.spot, decision)) })}
          </p>
          <DecisionChart
            key={decision.key}
            decision={decision}
            unit={solved.unit}
            title={format.decision(players, decision)}
          />
          <EvDiff solved={solved} decision={decision} />
        </>
      )}
    </>
  );
}

/**
 * The latest solution: its summary (model and exploitability), the chosen seat's decisions on the grid, the ICM
 * equity table, saving as charts and the comparison with a chart of the player's. While a new solve runs, the last
 * solution stays, marked busy; once the spot is edited, it says the solution is of the spot before.
 */
export function SpotResults({ onOpenCharts }: { onOpenCharts: () => void }) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const job = useAtomValue(solveJobAtom);
  const draft = useAtomValue(spotDraftAtom);
  const solved = job.result;
  if (!solved) {
    return (
      <section className="card push-fold-results" aria-labelledby="push-fold-results-title">
        <h2 id="push-fold-results-title" className="push-fold__title">
          {t('pushFold:result.title')}
        </h2>
        {job.status === 'running' ? (
          <LoadingState text={t('pushFold:solve.firstSolve')} />
        ) : (
          <p className="muted">{t('pushFold:result.idle')}</p>
        )}
      </section>
    );
  }
  const players = solved.spot.stacks.length;
  const stale = !sameSpot(parseSpot(draft).spot, solved.spot);
  return (
    <>
      <section
        className="card push-fold-results"
        aria-labelledby="push-fold-results-title"
        aria-busy={job.status === 'running'}
        data-testid="push-fold-results"
      >
        <div className="push-fold-results__head">
          <h2 id="push-fold-results-title" className="push-fold__title">
            {t('pushFold:result.title')}
          </h2>
          <SaveCharts solved={solved} onOpenCharts={onOpenCharts} />
        </div>
        <p className="push-fold-results__summary" data-testid="push-fold-summary">
          {solved.unit === 'bb'
            ? t('pushFold:result.summaryChip', { value: format.exploitability(solved.exploitability, 'bb') })
            : t('pushFold:result.summaryIcm', {
                count: players,
                value: format.exploitability(solved.exploitability, 'pool_pct'),
              })}
        </p>
        {stale && <p className="push-fold-results__stale">{t('pushFold:result.stale')}</p>}
        <DecisionPicker solved={solved} />
      </section>
      {solved.equity && <EquityTable solved={solved} />}
    </>
  );
}
