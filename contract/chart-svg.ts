// A chart as an SVG picture: its name, the 13x13 grid with each hand's colours as bars as wide as their weights, and
// the legend with the combos of each action. The SPA downloads it (and rasterises it for PNG) and prints it; the
// server renders the same picture to PNG for the public link's preview in chat apps. Pure string building: no DOM,
// every user text escaped, the words around the numbers given by the caller in the reader's language.
import { chartComboCounts, COMBO_COUNT, HAND_CLASSES } from './hands.ts';

export interface ChartPictureInput {
  name: string;
  buttons: ReadonlyArray<{ color: string; label: string }>;
  /** Hand class → colour entries (weights in percent). */
  pairs: Readonly<Record<string, ReadonlyArray<{ color: string; weight: number }>>>;
  /** Hand class → single combos left out of it. */
  exclusions?: Readonly<Record<string, readonly string[]>>;
}

/** The words of the picture, in the reader's language (the numbers are formatted by the caller too). */
export interface ChartPictureText {
  /** The line under the name: the whole range's combos and share, "124 combos · 9.4%". */
  total: (combos: number, share: number) => string;
  /** One action's combos and share in the legend. */
  action: (combos: number, share: number) => string;
  /** A small line at the foot (where the picture comes from); none when empty. */
  footer?: string;
}

export type ChartTheme = 'dark' | 'light';

const THEMES = {
  dark: {
    background: '#0f1318',
    text: '#e7edf3',
    muted: '#93a1b0',
    pair: '#3a4452',
    suited: '#1f3147',
    offsuit: '#1b2027',
    cellText: '#c3d4e6',
  },
  light: {
    background: '#ffffff',
    text: '#111418',
    muted: '#4a5563',
    pair: '#d5dbe3',
    suited: '#e3ebf5',
    offsuit: '#f1f3f6',
    cellText: '#2a3440',
  },
} as const;

/** Where the picture puts things, in its own pixels: tests read a cell's colour at its centre. */
export interface ChartLayout {
  width: number;
  height: number;
  /** Where the legend's first row starts. */
  legendTop: number;
  /** The square of grid cell `index` (row-major, ace first): its left, top and side. */
  cell: (index: number) => { x: number; y: number; size: number };
}

const PADDING = 40;
const HEADER = 112;
const LEGEND_ROW = 44;
const CELL_GAP = 2;

/** The picture's geometry for a legend of `rows` actions at `width` pixels. */
export function chartLayout(rows: number, width = 1080, footer = true): ChartLayout {
  const grid = width - 2 * PADDING;
  const step = grid / 13;
  const gridTop = PADDING + HEADER;
  const legendTop = gridTop + grid + 28;
  const height = Math.ceil(legendTop + rows * LEGEND_ROW + (footer ? 36 : 0) + PADDING / 2);
  return {
    width,
    height,
    legendTop,
    cell: (index) => ({
      x: PADDING + (index % 13) * step + CELL_GAP / 2,
      y: gridTop + Math.floor(index / 13) * step + CELL_GAP / 2,
      size: step - CELL_GAP,
    }),
  };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Characters XML 1.0 does not allow in a document, whatever the escaping. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for SVG content and attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** A name cut to `max` characters (whole code points) with an ellipsis: SVG text does not wrap or clip itself. */
function fit(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

const COLOR = /^#[0-9A-Fa-f]{6}$/;
/** Only "#RRGGBB" reaches an attribute; anything else (never valid chart data) is drawn grey. */
const safeColor = (color: string) => (COLOR.test(color) ? color : '#808080');

const kindOf = (hand: string) => (hand.length === 2 ? 'pair' : hand.endsWith('s') ? 'suited' : 'offsuit');

const FONT =
  "font-family=\"Inter, 'Segoe UI', system-ui, -apple-system, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', sans-serif\"";

/**
 * The chart as an SVG document string at `width` pixels (1080 by default: a picture a chat app shows whole on a phone
 * and sharp on a desktop). Each cell is its kind's tint with one bar per colour entry, as wide as its weight, oldest
 * first; a cell with combos left out carries a small corner mark. The legend lists every button with its combos.
 */
export function chartSvg(
  chart: ChartPictureInput,
  text: ChartPictureText,
  { theme = 'dark', width = 1080 }: { theme?: ChartTheme; width?: number } = {},
): string {
  const colors = THEMES[theme];
  const exclusions = chart.exclusions ?? {};
  const footer = Boolean(text.footer);
  const layout = chartLayout(chart.buttons.length, width, footer);
  const counts = chartComboCounts(chart.pairs, exclusions);
  const share = (combos: number) => combos / COMBO_COUNT;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" ${FONT}>`,
    `<rect width="100%" height="100%" fill="${colors.background}"/>`,
    `<text x="${PADDING}" y="${PADDING + 40}" font-size="40" font-weight="700" fill="${colors.text}">${escapeXml(fit(chart.name, 42))}</text>`,
    `<text x="${PADDING}" y="${PADDING + 84}" font-size="24" fill="${colors.muted}">${escapeXml(text.total(counts.total, share(counts.total)))}</text>`,
  );
  const fontSize = Math.round(layout.cell(0).size * 0.3);
  HAND_CLASSES.forEach((hand, index) => {
    const { x, y, size } = layout.cell(index);
    const round = (value: number) => Math.round(value * 100) / 100;
    parts.push(
      `<g data-hand="${hand}"><rect x="${round(x)}" y="${round(y)}" width="${round(size)}" height="${round(size)}" rx="4" fill="${colors[kindOf(hand)]}"/>`,
    );
    let offset = 0;
    for (const entry of chart.pairs[hand] ?? []) {
      const barWidth = (size * Math.min(100 - offset, Math.max(0, entry.weight))) / 100;
      if (barWidth > 0) {
        parts.push(
          `<rect x="${round(x + (size * offset) / 100)}" y="${round(y)}" width="${round(barWidth)}" height="${round(size)}" fill="${safeColor(entry.color)}"/>`,
        );
      }
      offset += entry.weight;
    }
    if ((exclusions[hand]?.length ?? 0) > 0) {
      parts.push(
        `<path d="M${round(x + size - 12)} ${round(y)}h12v12z" fill="${colors.text}" fill-opacity="0.8"/>`,
      );
    }
    const painted = (chart.pairs[hand]?.length ?? 0) > 0;
    parts.push(
      `<text x="${round(x + size / 2)}" y="${round(y + size / 2 + fontSize * 0.36)}" font-size="${fontSize}" font-weight="600" text-anchor="middle" fill="${painted ? '#ffffff' : colors.cellText}">${hand}</text></g>`,
    );
  });
  chart.buttons.forEach((button, row) => {
    const y = layout.legendTop + row * LEGEND_ROW;
    const combos = counts.byColor[button.color.toLowerCase()] ?? 0;
    parts.push(
      `<rect x="${PADDING}" y="${y}" width="28" height="28" rx="5" fill="${safeColor(button.color)}"/>`,
      `<text x="${PADDING + 42}" y="${y + 22}" font-size="24" fill="${colors.text}">${escapeXml(fit(button.label, 40))}</text>`,
      `<text x="${layout.width - PADDING}" y="${y + 22}" font-size="24" text-anchor="end" fill="${colors.muted}">${escapeXml(text.action(combos, share(combos)))}</text>`,
    );
  });
  if (footer) {
    parts.push(
      `<text x="${layout.width - PADDING}" y="${layout.height - PADDING / 2 - 8}" font-size="20" text-anchor="end" fill="${colors.muted}">${escapeXml(text.footer ?? '')}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
