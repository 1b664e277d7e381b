import './public-chart.css';

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { formatDateTime, formatNumber, formatPercent, roundCount } from '@/lib/format';
import { useSession } from '@/lib/session';
import { rememberVisitReferral } from '@/lib/visit-referral';
import type { Pair } from '@contract/categories';
import { chartComboCounts, COMBO_COUNT } from '@contract/hands';

import type { PublicChart } from '../api';
import { usePublicChart } from '../use-public-chart';
import { ChartGrid } from './chart-grid';
import { PublicEquityPanel } from './public-equity-panel';

/** Hand → entries and hand → left-out combos of a chart's pair list, as the combo counts read them. */
function countsOf(pairs: readonly Pair[]) {
  const entries: Record<string, Pair['colors']> = {};
  const exclusions: Record<string, string[]> = {};
  for (const pair of pairs) {
    if (pair.colors.length) entries[pair.hand] = pair.colors;
    if (pair.excluded?.length) exclusions[pair.hand] = pair.excluded;
  }
  return chartComboCounts(entries, exclusions);
}

function Legend({ chart }: { chart: PublicChart }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const counts = countsOf(chart.pairs);
  const words = (combos: number) => ({
    count: roundCount(combos),
    combos: formatNumber(roundCount(combos), language),
    percent: formatPercent(combos / COMBO_COUNT, language),
  });
  return (
    <div className="public-legend">
      <p className="public-legend__total" data-testid="public-total">
        {t('ranges:buttons.total', words(counts.total))}
      </p>
      <ul className="public-legend__list">
        {chart.buttons.map((button) => (
          <li key={button.color} className="public-legend__item">
            <span className="public-legend__swatch" style={{ background: button.color }} aria-hidden="true" />
            <span className="public-legend__label">{button.label}</span>
            <span className="muted">
              {t('ranges:picture.action', words(counts.byColor[button.color.toLowerCase()] ?? 0))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A chart someone published, for anyone with the link, signed in or not: the chart, its legend and note, the
 * equity tool against any range, and, for a visitor without an account, a sign-up that credits the chart's owner.
 * The link shows the chart live, as its owner keeps it now, and the page says so.
 */
export function PublicChartPage({ link }: { link: string }) {
  const { t, i18n } = useTranslation();
  const state = usePublicChart(link);
  const session = useSession();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const signedOut = session.status !== 'loading' && !session.user;
  // A sign-up later in this tab (from the header as well) still credits the owner.
  useEffect(() => {
    if (state.status === 'ready' && signedOut) rememberVisitReferral(link);
  }, [state.status, signedOut, link]);
  const name = state.status === 'ready' ? state.chart.name : null;
  useEffect(() => {
    if (name) document.title = `${name} · RangeForge`;
  }, [name]);

  if (state.status === 'loading') return <p className="muted">{t('publicChart:loading')}</p>;
  if (state.status === 'missing') {
    return (
      <section className="card public-chart public-chart--missing" data-testid="public-chart-missing">
        <h1>{t('publicChart:missing.title')}</h1>
        <p>{t('publicChart:missing.text')}</p>
        <Link className="button" to="/">
          {t('publicChart:missing.home')}
        </Link>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="state state--error" role="alert">
        {state.message}
      </p>
    );
  }
  const { chart } = state;
  return (
    <div className="public-chart" data-testid="public-chart">
      <header className="public-chart__head">
        <h1 className="public-chart__name">{chart.name}</h1>
        <p className="muted">
          {t('publicChart:byline', {
            owner: chart.owner,
            date: formatDateTime(chart.updated_at, language),
          })}
        </p>
        <p className="public-chart__live">{t('publicChart:live')}</p>
      </header>
      <div className="public-chart__body">
        <section className="card public-chart__chart" aria-label={t('publicChart:chartLabel')}>
          <ChartGrid pairs={chart.pairs} buttons={chart.buttons} />
          <Legend chart={chart} />
          {chart.note.trim() && (
            <div className="public-chart__note">
              <h2 className="section-title">{t('publicChart:note')}</h2>
              <p>{chart.note}</p>
            </div>
          )}
        </section>
        <PublicEquityPanel chart={chart} />
      </div>
      {signedOut && (
        <section className="card public-chart__join">
          <h2 className="section-title">{t('publicChart:join.title')}</h2>
          <p>{t('publicChart:join.text', { owner: chart.owner })}</p>
          <Link className="button button--primary" to={`/auth/register/${encodeURIComponent(link)}`}>
            {t('publicChart:join.signUp')}
          </Link>
        </section>
      )}
    </div>
  );
}
