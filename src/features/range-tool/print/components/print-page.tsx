import './print.css';

import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { chartSvg } from '@contract/chart-svg';

import { pictureText } from '../../shared/picture-text';
import { pairsFromList } from '../../shared/range-rules';
import { exclusionsFromList } from '../../shared/range-save';
import { type PrintChart, usePrintCharts } from '../use-print-charts';

export type PerPage = 1 | 4;
const PER_PAGE: readonly PerPage[] = [1, 4];

/** Charts in groups of one sheet each. */
function sheets<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

function PrintedChart({ chart, language }: { chart: PrintChart; language: string }) {
  const { t } = useTranslation();
  // The picture the chart is downloaded as, on white: every text in it escaped by the contract's builder.
  const svg = useMemo(
    () =>
      chartSvg(
        {
          name: chart.name,
          buttons: chart.buttons,
          pairs: pairsFromList(chart.pairs),
          exclusions: exclusionsFromList(chart.pairs),
        },
        pictureText(language, { footer: false }),
        { theme: 'light' },
      ),
    [chart, language],
  );
  return (
    <article className="print-chart" data-chart-id={chart.id}>
      <div className="print-chart__picture" dangerouslySetInnerHTML={{ __html: svg }} />
      {chart.note.trim() && (
        <div className="print-chart__note">
          <h3>{t('ranges:print.notes')}</h3>
          <p>{chart.note}</p>
        </div>
      )}
    </article>
  );
}

/**
 * A chart, or every chart of a folder, laid out for paper: one chart per page or four, each with its legend, combos
 * and note, in the interface language. "Print / PDF" opens the browser's print dialog (which saves PDF too); with
 * `print=1` in the address it opens by itself once the charts are in.
 */
export function PrintPage({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const perPage: PerPage = params.get('per_page') === '4' ? 4 : 1;
  const state = usePrintCharts(id);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const autoPrint = params.get('print') === '1';
  useEffect(() => {
    if (state.status !== 'ready' || !autoPrint) return;
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [state.status, autoPrint]);

  const choose = (next: PerPage) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('per_page', String(next));
        updated.delete('print');
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="print-job" data-per-page={perPage}>
      <div className="print-job__bar">
        <h1 className="print-job__title">
          {state.status === 'ready'
            ? t('ranges:print.title', { name: state.title })
            : t('ranges:print.loading')}
        </h1>
        <fieldset className="print-job__layout">
          <legend>{t('ranges:print.layout')}</legend>
          {PER_PAGE.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="per-page"
                value={value}
                checked={perPage === value}
                onChange={() => choose(value)}
              />
              {t('ranges:print.perPage', { count: value })}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--primary"
          disabled={state.status !== 'ready' || state.charts.length === 0}
          onClick={() => window.print()}
        >
          {t('ranges:picture.print')}
        </button>
        <Link
          className="button button--ghost"
          to={state.status === 'ready' && state.rootType === 'tournament_root' ? '/tournament' : '/'}
        >
          {t('ranges:print.back')}
        </Link>
      </div>
      {state.status === 'failed' && (
        <p className="range-error" role="alert">
          {t('ranges:print.failed')}
        </p>
      )}
      {state.status === 'ready' && state.charts.length === 0 && (
        <p className="muted">{t('ranges:print.empty')}</p>
      )}
      {state.status === 'ready' && state.more > 0 && (
        <p className="muted print-job__more">{t('ranges:print.more', { count: state.more })}</p>
      )}
      {state.status === 'ready' &&
        sheets(state.charts, perPage).map((sheet) => (
          <section key={sheet[0]!.id} className="print-sheet">
            {sheet.map((chart) => (
              <PrintedChart key={chart.id} chart={chart} language={language} />
            ))}
          </section>
        ))}
    </div>
  );
}
