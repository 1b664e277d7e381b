import './equity-panel.css';

import { useTranslation } from 'react-i18next';

import { roundCount, useFormat } from '@/lib/format';
import { handCategoryKey } from '@/lib/i18n-keys';
import { useAtom, useAtomValue, useSetAtom } from '@/lib/store';

import {
  boardCardsAtom,
  calcErrorAtom,
  calcLoadingAtom,
  calcProgressAtom,
  deadCardsAtom,
  equityMethodAtom,
  equityResultAtom,
  holeCardsAtom,
  monteCarloLiveAtom,
  preflopRetryAtom,
} from '../atoms';
import { CATEGORY_LABEL_KEYS } from '../category-labels';
import { clearStatistics, EQUITY_METHODS, formatStdError, groupNextCards } from '../equity-rules';
import { isBoardComplete } from '../range-rules';
import { usePreflopTable } from '../use-preflop-table';
import { CardChip, CardPicker } from './card-picker';
import { EngineStatus } from './engine-status';
import { EquitySummary } from './equity-summary';
import { MultiwayFigures } from './multiway-figures';
import { PlayersPanel } from './players-panel';

/** Exact / Monte Carlo as a radio group: arrow keys move between the two, as native radios do. */
function MethodChooser() {
  const { t } = useTranslation();
  const [method, setMethod] = useAtom(equityMethodAtom);
  return (
    <fieldset className="equity-method">
      <legend className="equity-method__title">{t('ranges:equity.method')}</legend>
      {EQUITY_METHODS.map((value) => (
        <label key={value} className={`chip-toggle${method === value ? ' is-active' : ''}`}>
          <input
            type="radio"
            name="equity-method"
            value={value}
            checked={method === value}
            onChange={() => setMethod(value)}
          />
          {value === 'exact' ? t('ranges:equity.methodExact') : t('ranges:equity.methodMonteCarlo')}
        </label>
      ))}
    </fieldset>
  );
}

/** Board and hole cards, the hero/villain colour choice and every equity figure the engine reports. */
export function EquityPanel() {
  const { t } = useTranslation();
  const [result, setResult] = useAtom(equityResultAtom);
  const format = useFormat();
  const pct = (value: number) => format.percent(value, 2);
  const loading = useAtomValue(calcLoadingAtom);
  const progress = useAtomValue(calcProgressAtom);
  const error = useAtomValue(calcErrorAtom);
  const boardCount = useAtomValue(boardCardsAtom).length;
  const setError = useSetAtom(calcErrorAtom);
  const method = useAtomValue(equityMethodAtom);
  const live = useAtomValue(monteCarloLiveAtom);
  // Exact preflop equity without dead cards reads the preflop table, which may still be downloading.
  const preflopTable = usePreflopTable();
  const deadCount = useAtomValue(deadCardsAtom).length;
  const needsTable = boardCount === 0 && deadCount === 0 && method === 'exact';
  const tableFailed = needsTable && preflopTable.state === 'error' ? preflopTable.message : null;
  const retryTable = useSetAtom(preflopRetryAtom);
  const monteCarlo = result.monteCarlo;
  const next = groupNextCards(result.nextCards, useAtomValue(holeCardsAtom));
  // Categories nobody in the range holds only lengthen the list.
  const statistics = result.statistics.filter((stat) => stat.combos > 0);

  return (
    <section className="equity-panel" aria-labelledby="range-equity-title">
      <header className="equity-panel__head">
        <h2 id="range-equity-title">{t('ranges:equity.title')}</h2>
        <EngineStatus />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setResult(clearStatistics());
            setError(null);
          }}
        >
          {t('ranges:equity.clear')}
        </button>
      </header>
      <div className="equity-panel__body">
        <div className="equity-panel__inputs">
          <EquitySummary />
          <PlayersPanel />
          <MethodChooser />
          <CardPicker />
        </div>
        <div className="equity-panel__outputs">
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
                {t('ranges:equity.monteCarloLive', {
                  count: live.samples,
                  error: formatStdError(live.stdError, format.language),
                })}
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
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => retryTable((n) => n + 1)}
                >
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
            {isBoardComplete(boardCount) && !loading && !error && !result.totals && (
              <p className="muted">{t('ranges:equity.empty')}</p>
            )}
          </div>
          <MultiwayFigures />
          {result.totals && (
            <dl className="equity-figures">
              <div>
                <dt>{t('ranges:equity.rangeEquity')}</dt>
                <dd data-testid="range-equity">
                  {pct(result.totals.hero.equity)}
                  {monteCarlo && (
                    <small data-testid="range-equity-error">
                      {' '}
                      {formatStdError(monteCarlo.stdError, format.language)}
                    </small>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('ranges:equity.villainEquity')}</dt>
                <dd data-testid="villain-equity">{pct(result.totals.villain.equity)}</dd>
              </div>
              {result.hand && (
                <div>
                  <dt>{t('ranges:equity.handEquity')}</dt>
                  <dd data-testid="hand-equity">
                    {pct(result.hand.equity)}
                    {monteCarlo?.handStdError != null && (
                      <small data-testid="hand-equity-error">
                        {' '}
                        {formatStdError(monteCarlo.handStdError, format.language)}
                      </small>
                    )}
                    {result.hand.category && <small> · {t(handCategoryKey(result.hand.category))}</small>}
                  </dd>
                </div>
              )}
              <div className="equity-figures__wide">
                <dt>{t('ranges:equity.totals')}</dt>
                <dd>
                  {t('ranges:equity.wtl', {
                    win: pct(result.totals.hero.win),
                    tie: pct(result.totals.hero.tie),
                    lose: pct(result.totals.hero.lose),
                  })}
                </dd>
              </div>
              <div>
                <dt>{t('ranges:equity.combos')}</dt>
                <dd data-testid="equity-combos">
                  {format.number(roundCount(result.totals.hero.combos))} /{' '}
                  {format.number(roundCount(result.totals.villain.combos))}
                </dd>
              </div>
              {monteCarlo && (
                <div>
                  <dt>{t('ranges:equity.samples')}</dt>
                  <dd data-testid="monte-carlo-samples">{format.number(monteCarlo.samples, 0)}</dd>
                </div>
              )}
            </dl>
          )}
          {monteCarlo && <p className="muted equity-panel__note">{t('ranges:equity.monteCarloNote')}</p>}
          {statistics.length > 0 && (
            <table className="equity-stats">
              <caption>{t('ranges:equity.statistics')}</caption>
              <tbody>
                {statistics.map((stat) => (
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
          )}
          {result.nextCards.length > 0 && (
            <div className="next-cards">
              {(['increase', 'keep', 'reduce'] as const).map((change) => (
                <div
                  key={change}
                  className={`next-cards__group next-cards__group--${change}`}
                  data-change={change}
                >
                  <h3>
                    {change === 'increase'
                      ? t('ranges:equity.increase')
                      : change === 'keep'
                        ? t('ranges:equity.keep')
                        : t('ranges:equity.reduce')}
                  </h3>
                  <div className="next-cards__chips">
                    {next[change].map((card) => (
                      <span key={card.card} title={pct(card.equity)}>
                        <CardChip card={card.card} />
                      </span>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
