// Two plain SVG charts: hero equity per texture group (bar height = equity, bar width = share of flops) and the hero
// combos' equity distribution over all flops. Each bar carries its figures as a title and in the accessible name.
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';

import { groupLabel } from '../labels';
import type { Dimension, Figures, Group } from '../report-rules';

const WIDTH = 320;
const HEIGHT = 160;
const AXIS = 18;

export function EquityByGroupChart({ groups, dimension }: { groups: Group[]; dimension: Dimension }) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const total = groups.reduce((sum, group) => sum + group.figures.flops, 0) || 1;
  const usable = WIDTH - 8 * (groups.length + 1);
  const widths = groups.map((group) => Math.max(6, (usable * group.figures.flops) / total));
  const lefts = widths.map(
    (_, index) => 8 + widths.slice(0, index).reduce((sum, width) => sum + width + 8, 0),
  );
  const chartHeight = HEIGHT - AXIS;
  const labels = axisLabels(
    groups.map((group) => (dimension === 'high' ? highCardName(group.key) : shortName(t, group.key))),
    widths.map((width, index) => lefts[index]! + width / 2),
  );
  return (
    <figure className="flop-chart">
      <figcaption>{t('flopReport:chart.equity')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('flopReport:chart.equity')}>
        <line className="flop-chart__half" x1="0" x2={WIDTH} y1={chartHeight / 2} y2={chartHeight / 2} />
        {groups.map((group, index) => {
          const width = widths[index]!;
          const x = lefts[index]!;
          const equity = Number.isFinite(group.figures.equity) ? group.figures.equity : 0;
          const height = chartHeight * equity;
          const label = t('flopReport:chart.bar', {
            group: t(groupLabel(group.key)),
            equity: percent(group.figures.equity),
            frequency: percent(group.figures.frequency),
          });
          return (
            <g key={group.key} data-group={`${dimension}:${group.key}`}>
              <title>{label}</title>
              <rect
                className="flop-chart__bar"
                x={x}
                y={chartHeight - height}
                width={width}
                height={height}
              />
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

export function DistributionChart({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const buckets = figures.distribution;
  const highest = Math.max(0.01, ...buckets.map((value) => (Number.isFinite(value) ? value : 0)));
  const chartHeight = HEIGHT - AXIS;
  const width = (WIDTH - 8) / buckets.length - 4;
  return (
    <figure className="flop-chart">
      <figcaption>{t('flopReport:chart.distribution')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('flopReport:chart.distribution')}>
        {buckets.map((share, index) => {
          const value = Number.isFinite(share) ? share : 0;
          const height = (chartHeight * value) / highest;
          const x = 8 + index * (width + 4);
          const bucket = t('flopReport:chart.bucket', {
            from: percent(index / buckets.length, 0),
            to: percent((index + 1) / buckets.length, 0),
          });
          return (
            <g key={index}>
              <title>{t('flopReport:chart.bucketBar', { bucket, share: percent(value) })}</title>
              <rect
                className="flop-chart__bar flop-chart__bar--bucket"
                style={{ fill: `hsl(${Math.round(((index + 0.5) / buckets.length) * 120)} 60% 45%)` }}
                x={x}
                y={chartHeight - height}
                width={width}
                height={height}
              />
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
