// The equity panel's outputs, cut by what each part reads: a paint's result re-renders the headline figures in the
// task that brought it, and the category table and next-card lists in the task after (only when their own data
// changed: the categories are reused while the hero range stays); the status line re-renders only when the job's
// state does.
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { CategoryStat, NextCard } from '@/engine/engine-types';
import { roundCount, useFormat } from '@/lib/format';
import { handCategoryKey } from '@/lib/i18n-keys';
import { useAtomValue, useSetAtom } from '@/lib/store';

import { boardCardsAtom, deadCardsAtom, holeCardsAtom } from '../../shared/atoms';
import { isBoardComplete } from '../../shared/range-rules';
import {
  calcErrorAtom,
  calcLoadingAtom,
  calcProgressAtom,
  equityMethodAtom,
  equityResultAtom,
  equityShownAtom,
  monteCarloLiveAtom,
  preflopRetryAtom,
} from '../atoms';
import { CATEGORY_LABEL_KEYS } from '../category-labels';
import { type EquityResult, formatStdError, groupNextCards } from '../equity-rules';
import { usePreflopTable } from '../use-preflop-table';
import { CardChip } from './card-picker';

/** Progress, live Monte Carlo figures, the preflop table's state, errors and hints. */
export function EquityStatusLine() {
  const { t } = useTranslation();
  const format = useFormat();
  const loading = useAtomValue(calcLoadingAtom);
  const progress = useAtomValue(calcProgressAtom);
  const error = useAtomValue(calcErrorAtom);
  const boardCount = useAtomValue(boardCardsAtom).length;
  const method = useAtomValue(equityMethodAtom);
  const live = useAtomValue(monteCarloLiveAtom);
  const shown = useAtomValue(equityShownAtom);
  // Before the first standard error there is nothing to put after the sample count.
  const liveError = live ? formatStdError(live.stdError, format.language) : '';
  // Exact preflop equity without dead cards reads the preflop table, which may still be downloading.
  const preflopTable = usePreflopTable();
  const deadCount = useAtomValue(deadCardsAtom).length;
  const needsTable = boardCount === 0 && deadCount === 0 && method === 'exact';
  const tableFailed = needsTable && preflopTable.state === 'error' ? preflopTable.message : null;
  const retryTable = useSetAtom(preflopRetryAtom);
  return (
    <div className="equity-panel__status" aria-live="polite">
      {loading && (
        <progress
          className="equity-panel__progress"
          max={1}
          value={progress}
          aria-label={t('ranges:equity.progress')}
          data-testid="equity-progress"
        >
          {format.percent(progress, 0)}
        </progress>
      )}
      {loading && method === 'monte-carlo' && live && (
        <p className="muted equity-panel__live" data-testid="monte-carlo-live">
          {liveError
            ? t('ranges:equity.monteCarloLive', { count: live.samples, error: liveError })
            : t('ranges:equity.monteCarloLiveSamples', { count: live.samples })}
        </p>
      )}
      {loading && needsTable && preflopTable.state === 'loading' && (
        <p className="muted" data-testid="preflop-table-loading">
          {t('equity:engineAssets.preflopTableLoading')}
        </p>
      )}
      {tableFailed !== null && (
        <p className="range-error" role="alert" data-testid="preflop-table-error">
          {t('equity:engineAssets.preflopTableFailed', { message: tableFailed })}{' '}
          <button type="button" className="button button--ghost" onClick={() => retryTable((n) => n + 1)}>
            {t('equity:engineAssets.retry')}
          </button>
        </p>
      )}
      {error && tableFailed === null && (
        <p className="range-error" role="alert">
          {t('ranges:equity.failed', { message: error })}
        </p>
      )}
      {!isBoardComplete(boardCount) && <p className="muted">{t('ranges:equity.boardHint')}</p>}
      {isBoardComplete(boardCount) && !loading && !error && !shown && (
        <p className="muted">{t('ranges:equity.empty')}</p>
      )}
    </div>
  );
}

/** Hand-category statistics of the hero range; categories nobody in the range holds only lengthen the list. */
const CategoryTable = memo(function CategoryTable({ statistics }: { statistics: readonly CategoryStat[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const held = statistics.filter((stat) => stat.combos > 0);
  if (held.length === 0) return null;
  return (
    <table className="equity-stats">
      <caption>{t('ranges:equity.statistics')}</caption>
      <tbody>
        {held.map((stat) => (
          <tr key={`${stat.group}-${stat.name}`} data-group={stat.group}>
            <th scope="row">
              {CATEGORY_LABEL_KEYS[stat.name]
                ? t(CATEGORY_LABEL_KEYS[stat.name]!)
                : stat.name.replace(/_/g, ' ')}
            </th>
            <td>{format.number(roundCount(stat.combos))}</td>
            <td>{format.percent(stat.percent / 100)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/**
 * Next cards by their effect on the hero's equity, each with the hero's equity once it comes; `hole` are the hero's
 * own cards, which cannot come.
 */
const NextCards = memo(function NextCards({
  cards,
  hole,
}: {
  cards: readonly NextCard[];
  hole: readonly string[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (cards.length === 0) return null;
  const next = groupNextCards(cards, hole);
  return (
    <div className="next-cards">
      {(['increase', 'keep', 'reduce'] as const).map((change) => (
        <div key={change} className={`next-cards__group next-cards__group--${change}`} data-change={change}>
          <h3>
            {change === 'increase'
              ? t('ranges:equity.increase')
              : change === 'keep'
                ? t('ranges:equity.keep')
                : t('ranges:equity.reduce')}
          </h3>
          <ul className="next-cards__chips">
            {next[change].map((card) => (
              // The equity is written under the card, on a phone as on a desktop: no pointing needed to read it.
              <li key={card.card} className="next-card" data-card={card.card}>
                <CardChip card={card.card} />
                <span className="next-card__equity">{format.percent(card.equity, 1)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
});

/** The headline figures: equities, win / tie / lose, combos and the Monte Carlo samples. */
const HeadlineFigures = memo(function HeadlineFigures({
  totals,
  hand,
  monteCarlo,
}: Pick<EquityResult, 'totals' | 'hand' | 'monteCarlo'>) {
  const { t } = useTranslation();
  const format = useFormat();
  // The labels change with the language only: looked up once, not again for every paint's figures.
  const labels = useMemo(
    () => ({
      range: t('ranges:equity.rangeEquity'),
      villain: t('ranges:equity.villainEquity'),
      hand: t('ranges:equity.handEquity'),
      totals: t('ranges:equity.totals'),
      combos: t('ranges:equity.combos'),
      samples: t('ranges:equity.samples'),
    }),
    [t],
  );
  const pct = (value: number) => format.percent(value, 2);
  if (!totals) return null;
  return (
    <dl className="equity-figures">
      <div>
        <dt>{labels.range}</dt>
        <dd data-testid="range-equity">
          {pct(totals.hero.equity)}
          {monteCarlo && (
            <small data-testid="range-equity-error">
              {' '}
              {formatStdError(monteCarlo.stdError, format.language)}
            </small>
          )}
        </dd>
      </div>
      <div>
        <dt>{labels.villain}</dt>
        <dd data-testid="villain-equity">{pct(totals.villain.equity)}</dd>
      </div>
      {hand && (
        <div>
          <dt>{labels.hand}</dt>
          <dd data-testid="hand-equity">
            {pct(hand.equity)}
            {monteCarlo?.handStdError != null && (
              <small data-testid="hand-equity-error">
                {' '}
                {formatStdError(monteCarlo.handStdError, format.language)}
              </small>
            )}
            {hand.category && <small> · {t(handCategoryKey(hand.category))}</small>}
          </dd>
        </div>
      )}
      <div className="equity-figures__wide">
        <dt>{labels.totals}</dt>
        <dd>
          {t('ranges:equity.wtl', {
            win: pct(totals.hero.win),
            tie: pct(totals.hero.tie),
            lose: pct(totals.hero.lose),
          })}
        </dd>
      </div>
      <div>
        <dt>{labels.combos}</dt>
        <dd data-testid="equity-combos">
          {format.number(roundCount(totals.hero.combos))} / {format.number(roundCount(totals.villain.combos))}
        </dd>
      </div>
      {monteCarlo && (
        <div>
          <dt>{labels.samples}</dt>
          <dd data-testid="monte-carlo-samples">{format.number(monteCarlo.samples, 0)}</dd>
        </div>
      )}
    </dl>
  );
});

/**
 * Every equity figure the engine reported for the current inputs. The category table and the next-card lists are
 * the larger part of a result's DOM: they commit in the task after the headline figures (a deferred value), so a
 * paint's new equity reaches the screen without waiting for them. Until they do, their block is marked busy.
 */
export function EquityFigures() {
  const { t } = useTranslation();
  const result = useAtomValue(equityResultAtom);
  const hole = useAtomValue(holeCardsAtom);
  const statistics = useDeferredValue(result.statistics);
  const nextCards = useDeferredValue(result.nextCards);
  const stale = statistics !== result.statistics || nextCards !== result.nextCards;
  const { monteCarlo } = result;
  return (
    <>
      <HeadlineFigures totals={result.totals} hand={result.hand} monteCarlo={monteCarlo} />
      {monteCarlo && <p className="muted equity-panel__note">{t('ranges:equity.monteCarloNote')}</p>}
      <div className="equity-details" aria-busy={stale}>
        <CategoryTable statistics={statistics} />
        <NextCards cards={nextCards} hole={hole} />
      </div>
    </>
  );
}
