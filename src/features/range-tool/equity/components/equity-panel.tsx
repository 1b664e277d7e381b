import './equity-panel.css';

import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useSetAtom } from '@/lib/store';

import { calcErrorAtom, equityMethodAtom, equityResultAtom } from '../atoms';
import { clearStatistics, EQUITY_METHODS } from '../equity-rules';
import { useVillainCharts } from '../use-villain-charts';
import { CardPicker } from './card-picker';
import { EngineStatus } from './engine-status';
import { EquityFigures, EquityStatusLine } from './equity-figures';
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

/**
 * Board and hole cards, the hero/villain colour choice and every equity figure the engine reports. The panel itself
 * reads no result: a paint's new figures re-render only the outputs that show them (equity-figures.tsx), and the
 * inputs (players, cards, method) only when their own atoms change.
 */
export const EquityPanel = memo(function EquityPanel() {
  const { t } = useTranslation();
  const setResult = useSetAtom(equityResultAtom);
  const setError = useSetAtom(calcErrorAtom);
  // The library's ranges any player may take a range from, read once for the summary and the players.
  const charts = useVillainCharts();

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
          <EquitySummary charts={charts} />
          <PlayersPanel charts={charts} />
          <MethodChooser />
          <CardPicker />
        </div>
        <div className="equity-panel__outputs">
          <EquityStatusLine />
          <MultiwayFigures />
          <EquityFigures />
        </div>
      </div>
    </section>
  );
});
