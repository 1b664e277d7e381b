// Two plain SVG charts: hero equity per texture group (bar height = equity, bar width = share of flops) and the hero
// combos' equity distribution over all flops. Each has a value axis, each bar its value over it where it fits, and
// its figures as a title.
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';

import { groupLabel } from '../labels';
import type { Dimension, Figures, Group } from '../report-rules';

const WIDTH = 320;
const HEIGHT = 176;
/** Left of the plot: the value axis's labels. */
const LEFT = 30;
/** Above the plot: room for the value over the tallest bar. */
const TOP = 12;
/** Under the plot: the bars' names. */
const AXIS = 18;
const PLOT_BOTTOM = HEIGHT - AXIS;
const PLOT_HEIGHT = PLOT_BOTTOM - TOP;

/** The plot's height of a value on a 0..top scale. */
const barHeight = (value: number, top: number) => (PLOT_HEIGHT * Math.max(0, value)) / top;

/**
 * The value axis: a faint line and a label (in the interface language's percent) at each tick, so every bar can be
 * read without pointing at it.
 */
function ValueAxis({ ticks, top }: { ticks: number[]; top: number }) {
  const { percent } = useFormat();
  return (
    <g className="flop-chart__axis" aria-hidden="true">
      {ticks.map((tick) => {
        const y = PLOT_BOTTOM - barHeight(tick, top);
        return (
          <g key={tick}>
            <line
              className={tick === 0.5 && top === 1 ? 'flop-chart__half' : 'flop-chart__grid'}
              x1={LEFT}
              x2={WIDTH}
              y1={y}
              y2={y}
            />
            <text className="flop-chart__tick" x={LEFT - 4} y={y + 3} textAnchor="end">
              {percent(tick, 0)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The bar's value over it when it fits the bar's width (the value axis and the tables give it otherwise). */
function BarValue({ x, width, y, text }: { x: number; width: number; y: number; text: string }) {
  if (labelWidth(text) * 0.9 > width + 4) return null;
  return (
    <text className="flop-chart__value" x={x + width / 2} y={Math.max(9, y - 3)} textAnchor="middle">
      {text}
    </text>
  );
}

const EQUITY_TICKS = [0, 0.25, 0.5, 0.75, 1];

export function EquityByGroupChart({ groups, dimension }: { groups: Group[]; dimension: Dimension }) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const total = groups.reduce((sum, group) => sum + group.figures.flops, 0) || 1;
  const usable = WIDTH - LEFT - 8 * (groups.length + 1);
  const widths = groups.map((group) => Math.max(6, (usable * group.figures.flops) / total));
  const lefts = widths.map(
    (_, index) => LEFT + 8 + widths.slice(0, index).reduce((sum, width) => sum + width + 8, 0),
  );
  const labels = axisLabels(
    groups.map((group) => (dimension === 'high' ? highCardName(group.key) : shortName(t, group.key))),
    widths.map((width, index) => lefts[index]! + width / 2),
  );
  return (
    <figure className="flop-chart">
      <figcaption>{t('flopReport:chart.equity')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('flopReport:chart.equity')}>
        <ValueAxis ticks={EQUITY_TICKS} top={1} />
        {groups.map((group, index) => {
          const width = widths[index]!;
          const x = lefts[index]!;
          const equity = Number.isFinite(group.figures.equity) ? group.figures.equity : 0;
          const y = PLOT_BOTTOM - barHeight(equity, 1);
          const label = t('flopReport:chart.bar', {
            group: t(groupLabel(group.key)),
            equity: percent(group.figures.equity),
            frequency: percent(group.figures.frequency),
          });
          return (
            <g key={group.key} data-group={`${dimension}:${group.key}`}>
              <title>{label}</title>
              <rect className="flop-chart__bar" x={x} y={y} width={width} height={PLOT_BOTTOM - y} />
              {Number.isFinite(group.figures.equity) && (
                <BarValue x={x} width={width} y={y} text={percent(equity, 1)} />
              )}
              {labels[index] && (
                <text className="flop-chart__label" x={labels[index].x} y={HEIGHT - 4} textAnchor="middle">
                  {labels[index].text}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Up to 9 characters of the group's name for the axis (the full name is in the bar's title). */
function shortName(label: (key: ReturnType<typeof groupLabel>) => string, key: string): string {
  const name = label(groupLabel(key));
  return name.length > 9 ? `${name.slice(0, 8)}…` : name;
}

/** The high card as the board shows it: "10" for T, and "≤9" (no words, so no language) for nine high or lower. */
const highCardName = (key: string) => (key === 'low' ? '≤9' : key.replace('T', '10'));

/** Rough width of a 10px axis label in viewBox units: CJK characters are twice as wide as Latin or Cyrillic. */
const labelWidth = (text: string) =>
  [...text].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) >= 0x2e80 ? 10 : 6), 0);

/**
 * Axis labels under their bars, kept inside the chart (a thin first or last bar would push its name past the edge)
 * and left out where they would overlap the previous one (the bar's title still names it).
 */
function axisLabels(texts: string[], centers: number[]): Array<{ text: string; x: number } | null> {
  let right = -Infinity;
  return texts.map((text, index) => {
    const half = labelWidth(text) / 2;
    const x = Math.min(Math.max(centers[index]!, half + 2), WIDTH - half - 2);
    if (x - half < right + 4) return null;
    right = x + half;
    return { text, x };
  });
}

/**
 * The scale of the distribution's value axis: the smallest of a few round steps that reaches the highest share in at
 * most four ticks, and that top (a chart of shares up to 23% reads 0%, 10%, 20%, 30%).
 */
export function shareScale(highest: number): { step: number; top: number } {
  const steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1];
  const step = steps.find((value) => Math.ceil(highest / value - 1e-9) <= 4) ?? 1;
  // Rounded to whole steps: 3 × 0.1 is 0.30000000000000004 in floating point.
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { step, top: round(Math.max(step, Math.ceil(highest / step - 1e-9) * step)) };
}

export function DistributionChart({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const buckets = figures.distribution;
  const { step, top } = shareScale(
    Math.max(0, ...buckets.map((value) => (Number.isFinite(value) ? value : 0))),
  );
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => Math.min(top, index * step));
  const width = (WIDTH - LEFT - 8) / buckets.length - 4;
  return (
    <figure className="flop-chart">
      <figcaption>{t('flopReport:chart.distribution')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('flopReport:chart.distribution')}>
        <ValueAxis ticks={ticks} top={top} />
        {buckets.map((share, index) => {
          const value = Number.isFinite(share) ? share : 0;
          const y = PLOT_BOTTOM - barHeight(value, top);
          const x = LEFT + 8 + index * (width + 4);
          const bucket = t('flopReport:chart.bucket', {
            from: percent(index / buckets.length, 0),
            to: percent((index + 1) / buckets.length, 0),
          });
          return (
            <g key={index} data-bucket={index}>
              <title>{t('flopReport:chart.bucketBar', { bucket, share: percent(value) })}</title>
              <rect
                className="flop-chart__bar flop-chart__bar--bucket"
                style={{ fill: `hsl(${Math.round(((index + 0.5) / buckets.length) * 120)} 60% 45%)` }}
                x={x}
                y={y}
                width={width}
                height={PLOT_BOTTOM - y}
              />
              {value > 0 && <BarValue x={x} width={width} y={y} text={percent(value, 0)} />}
              {index % 2 === 0 && (
                <text className="flop-chart__label" x={x} y={HEIGHT - 4}>
                  {percent(index / buckets.length, 0)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
