import './flop-report.css';

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import type { FlopRow } from '@/engine/engine-types';
import { useFormat } from '@/lib/format';
import { useAtomValue, useSetAtom } from '@/lib/store';

import { boardCardsAtom, buttonsAtom } from '../../shared/atoms';
import { ColorToggle } from '../../shared/components/color-toggle';
import { DIMENSION_LABELS, groupLabel, SIDE_LABELS } from '../labels';
import {
  boardCards,
  type Dimension,
  DIMENSIONS,
  figures,
  groupOf,
  groupRows,
  type Side,
} from '../report-rules';
import { useFlopReport } from '../use-flop-report';
import { useReportChart } from '../use-report-chart';
import { DistributionChart, EquityByGroupChart } from './flop-report-charts';
import { FlopsTable, GroupsTable } from './flop-report-tables';

function SidePicker({
  side,
  colors,
  combos,
  onToggle,
}: {
  side: Side;
  colors: string[];
  combos: number;
  onToggle: (color: string) => void;
}) {
  const { t } = useTranslation();
  const buttons = useAtomValue(buttonsAtom);
  return (
    <div className="flop-side" data-side={side} role="group" aria-label={t(SIDE_LABELS[side])}>
      <span className="flop-side__name">{t(SIDE_LABELS[side])}</span>
      {buttons.map((button) => (
        <ColorToggle
          key={button.color}
          button={button}
          active={colors.some((color) => color.toLowerCase() === button.color.toLowerCase())}
          onToggle={onToggle}
        />
      ))}
      <span className="flop-side__combos muted">
        {t('flopReport:sides.combos', { count: Math.round(combos * 10) / 10 })}
      </span>
    </div>
  );
}

function Results({ rows, symmetry }: { rows: FlopRow[]; symmetry: number }) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const navigate = useNavigate();
  const setBoard = useSetAtom(boardCardsAtom);
  const [dimension, setDimension] = useState<Dimension>('suits');
  const [side, setSide] = useState<Side>('hero');
  const [selected, setSelected] = useState<string | null>(null);
  const total = useMemo(() => figures(rows), [rows]);
  const groups = useMemo(() => groupRows(rows, dimension), [rows, dimension]);
  const shown = useMemo(
    () => (selected === null ? rows : rows.filter((row) => groupOf(row, dimension) === selected)),
    [rows, dimension, selected],
  );
  const open = (row: FlopRow) => {
    setBoard(boardCards(row));
    void navigate('/');
  };
  const groupName = selected === null ? t('flopReport:all') : t(groupLabel(selected));

  return (
    <div className="flop-report__results">
      <p className="flop-report__total">
        <span>{t('flopReport:summary.equity')}</span>{' '}
        <strong data-testid="flop-report-equity">{percent(total.equity, 2)}</strong>{' '}
        <span className="muted">{t('flopReport:summary.flops', { count: rows.length })}</span>
      </p>
      <p className="muted flop-report__note">
        {symmetry === 24
          ? t('flopReport:summary.symmetric')
          : t('flopReport:summary.broken', { count: symmetry })}
      </p>
      <div className="flop-report__controls">
        <div className="segmented" role="radiogroup" aria-label={t('flopReport:dimension.label')}>
          {DIMENSIONS.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={dimension === value}
              className={`chip-toggle${dimension === value ? ' is-active' : ''}`}
              onClick={() => {
                setDimension(value);
                setSelected(null);
              }}
            >
              {t(DIMENSION_LABELS[value])}
            </button>
          ))}
        </div>
        <label className="flop-report__side">
          {t('flopReport:side.label')}{' '}
          <select value={side} onChange={(event) => setSide(event.target.value as Side)}>
            <option value="hero">{t('flopReport:side.hero')}</option>
            <option value="villain">{t('flopReport:side.villain')}</option>
          </select>
        </label>
      </div>
      <div className="flop-report__charts">
        <EquityByGroupChart groups={groups} dimension={dimension} />
        <DistributionChart figures={total} />
      </div>
      <h2 className="flop-report__heading">{t('flopReport:groupsTitle')}</h2>
      <GroupsTable
        groups={groups}
        dimension={dimension}
        side={side}
        selected={selected}
        onSelect={setSelected}
      />
      <h2 className="flop-report__heading">
        {t('flopReport:flopsTitle')} <span className="muted">({groupName})</span>
      </h2>
      <FlopsTable
        key={`${dimension}:${selected ?? ''}`}
        rows={shown}
        side={side}
        caption={t('flopReport:flopsCaption', { group: groupName })}
        onOpen={open}
      />
    </div>
  );
}

/** Which chart the report is on: the range tool's open chart, or any chart of the player's library. */
function ChartPicker({ charts, categoryId, pick }: ReturnType<typeof useReportChart>) {
  const { t } = useTranslation();
  const id = useId();
  if (!charts?.length) return null;
  const groups = (['preflop_root', 'tournament_root'] as const)
    .map((root) => ({ root, charts: charts.filter((chart) => chart.rootType === root) }))
    .filter((group) => group.charts.length > 0);
  const open = charts.some((chart) => chart.id === categoryId);
  return (
    <div className="flop-report__chart">
      <label htmlFor={id}>{t('flopReport:source.label')}</label>
      <select
        id={id}
        value={open ? String(categoryId) : ''}
        onChange={(event) => {
          const chart = charts.find((entry) => String(entry.id) === event.target.value);
          if (chart) void pick(chart);
        }}
      >
        {!open && (
          <option value="" disabled>
            {t('flopReport:source.choose')}
          </option>
        )}
        {groups.map((group) => (
          <optgroup
            key={group.root}
            label={group.root === 'preflop_root' ? t('common:nav.cash') : t('common:nav.tournament')}
          >
            {group.charts.map((chart) => (
              <option key={chart.id} value={chart.id}>
                {chart.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** /flop-report: the hero and villain ranges of the range tool's chart on every flop, exact, in the workers. */
export function FlopReportPage() {
  const { t } = useTranslation();
  const { number, percent } = useFormat();
  const flop = useFlopReport();
  const source = useReportChart();
  const { status, report } = flop;
  const running = status.state === 'running';
  const ready = flop.combos.hero > 0 && flop.combos.villain > 0;

  return (
    <div className="flop-report">
      <header className="page-head">
        <h1>{t('flopReport:title')}</h1>
        <p className="muted">{t('flopReport:intro')}</p>
      </header>
      <section className="flop-report__sides" aria-label={t('flopReport:sides.label')}>
        <ChartPicker {...source} />
        {flop.chartEmpty ? (
          <p className="flop-report__empty">
            {source.charts?.length ? t('flopReport:sides.emptyPick') : t('flopReport:sides.emptyChart')}{' '}
            <Link to="/">{t('flopReport:sides.openTool')}</Link>
          </p>
        ) : (
          <>
            <SidePicker
              side="hero"
              colors={flop.colors.hero}
              combos={flop.combos.hero}
              onToggle={(color) => flop.toggle('hero', color)}
            />
            <SidePicker
              side="villain"
              colors={flop.colors.villain}
              combos={flop.combos.villain}
              onToggle={(color) => flop.toggle('villain', color)}
            />
            {!ready && <p className="muted">{t('flopReport:sides.pickColors')}</p>}
          </>
        )}
        <div className="flop-report__actions">
          <button type="button" className="button" disabled={!ready || running} onClick={flop.run}>
            {t('flopReport:run')}
          </button>
          {running && (
            <>
              <progress
                className="flop-report__progress"
                max={1}
                value={status.progress}
                aria-label={t('flopReport:progressLabel')}
              />
              <span className="muted" aria-live="polite">
                {t('flopReport:progress', { percent: percent(status.progress, 0) })}
              </span>
              <button type="button" className="button button--ghost" onClick={flop.cancel}>
                {t('flopReport:cancel')}
              </button>
            </>
          )}
        </div>
        {status.state === 'error' && (
          <p className="range-error" role="alert">
            {t('flopReport:error', { message: status.message })}
          </p>
        )}
        {report && flop.stale && !running && <p className="muted">{t('flopReport:stale')}</p>}
        {report && (
          <p className="muted">
            {t('flopReport:summary.time', {
              seconds: number(report.ms / 1000, 1),
              count: report.workers,
            })}
          </p>
        )}
      </section>
      {report ? (
        <Results rows={report.rows} symmetry={report.symmetry} />
      ) : (
        !running && <p className="flop-report__idle muted">{t('flopReport:idle')}</p>
      )}
    </div>
  );
}
