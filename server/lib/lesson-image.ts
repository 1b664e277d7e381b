// A lesson's picture: the 13x13 chart with every cell named ("AKs"), the classes the voice is talking about outlined
// and the others dimmed, and beside it the figures of the moment ("K2s", "38.2%", "+0.12 bb"). Drawn pixel by
// pixel into a binary PPM (which ffmpeg reads) with a 5x7 bitmap font, so it needs no font on the machine and
// looks the same everywhere; the words stay in the voice and the captions, in the player's language.
import { GRID_RANKS, handAt } from '../../contract/hands.ts';

export const WIDTH = 640;
export const HEIGHT = 360;

/** One action of a cell: its colour fills the cell from the bottom (after the actions before it) this high, 0..100. */
export interface LessonCell {
  color: string;
  weight: number;
}

/** A line of figures beside the chart: language-neutral text (class names, numbers, %, bb, + and -). */
export interface PanelLine {
  text: string;
  /** #RRGGBB; light grey when left out. */
  color?: string;
  /** Glyph scale: 2 (default) or 3 for a heading. */
  size?: 2 | 3;
}

/** What one stretch of a lesson shows. */
export interface LessonFrame {
  /** Hand class → its actions, stacked; classes not in the range are absent. */
  cells: Record<string, LessonCell[]>;
  /** Classes to outline (the others are dimmed when there are any). */
  highlight?: string[];
  panel?: PanelLine[];
}

// 5x7 glyphs, one number per row (bit 4 = leftmost column).
const GLYPHS: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  s: [0, 0, 14, 16, 14, 1, 30],
  o: [0, 0, 14, 17, 17, 17, 14],
  b: [16, 16, 22, 25, 17, 17, 30],
  v: [0, 0, 17, 17, 17, 10, 4],
  '%': [24, 25, 2, 4, 8, 19, 3],
  '.': [0, 0, 0, 0, 0, 12, 12],
  ',': [0, 0, 0, 0, 12, 4, 8],
  '+': [0, 4, 4, 31, 4, 4, 0],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '/': [0, 1, 2, 4, 8, 16, 0],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '(': [2, 4, 8, 8, 8, 4, 2],
  ')': [8, 4, 2, 2, 2, 4, 8],
  '=': [0, 0, 31, 0, 31, 0, 0],
  '>': [8, 4, 2, 1, 2, 4, 8],
  '<': [2, 4, 8, 16, 8, 4, 2],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

/** Whether the font can draw `text` (panel lines are checked before rendering). */
export const drawable = (text: string) => [...text].every((char) => char in GLYPHS);

type Rgb = [number, number, number];
const BACKGROUND: Rgb = [15, 19, 24];
const TEXT: Rgb = [226, 232, 240];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const mix = (a: Rgb, b: Rgb, share: number): Rgb =>
  a.map((channel, index) => Math.round(channel * (1 - share) + b[index]! * share)) as Rgb;

class Canvas {
  readonly pixels = Buffer.alloc(WIDTH * HEIGHT * 3);

  fill(x0: number, y0: number, w: number, h: number, rgb: Rgb) {
    for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y0 + h); y += 1) {
      for (let x = Math.max(0, x0); x < Math.min(WIDTH, x0 + w); x += 1)
        this.pixels.set(rgb, (y * WIDTH + x) * 3);
    }
  }

  /** Text at (x, y), top left, each font pixel `scale` screen pixels; returns the width drawn. */
  text(x: number, y: number, text: string, rgb: Rgb, scale: number): number {
    let left = x;
    for (const char of text) {
      const rows = GLYPHS[char];
      if (!rows) throw new Error(`the lesson font has no "${char}"`);
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col += 1) {
          if (bits & (16 >> col)) this.fill(left + col * scale, y + row * scale, scale, scale, rgb);
        }
      });
      left += 6 * scale;
    }
    return left - x;
  }
}

const CELL = 24;
const GRID_LEFT = 16;
const GRID_TOP = Math.floor((HEIGHT - CELL * 13) / 2);
const PANEL_LEFT = GRID_LEFT + CELL * 13 + 24;

/** The frame as a binary PPM image. */
export function frameImage(frame: LessonFrame): Buffer {
  const canvas = new Canvas();
  canvas.fill(0, 0, WIDTH, HEIGHT, BACKGROUND);
  const highlight = new Set(frame.highlight ?? []);
  const dim = highlight.size > 0;
  for (let row = 0; row < GRID_RANKS.length; row += 1) {
    for (let col = 0; col < GRID_RANKS.length; col += 1) {
      const hand = handAt(row, col);
      const x = GRID_LEFT + col * CELL;
      const y = GRID_TOP + row * CELL;
      const lit = !dim || highlight.has(hand);
      const fade = (rgb: Rgb) => (lit ? rgb : mix(rgb, BACKGROUND, 0.65));
      if (highlight.has(hand)) canvas.fill(x, y, CELL, CELL, [250, 250, 250]);
      const inner = CELL - 2;
      // Pairs, suited and offsuit in three greys, so the empty chart still reads as a chart.
      const base: Rgb = row === col ? [52, 60, 72] : col > row ? [40, 47, 57] : [31, 37, 45];
      canvas.fill(x + 1, y + 1, inner, inner, fade(base));
      let filled = 0;
      for (const action of frame.cells[hand] ?? []) {
        const share = Math.min(100 - filled, Math.max(0, action.weight));
        const bottom = Math.round((inner * filled) / 100);
        const height = Math.round((inner * (filled + share)) / 100) - bottom;
        canvas.fill(x + 1, y + 1 + inner - bottom - height, inner, height, fade(hexToRgb(action.color)));
        filled += share;
      }
      const textWidth = hand.length * 6 - 1;
      canvas.text(x + Math.floor((CELL - textWidth) / 2), y + 8, hand, fade(TEXT), 1);
    }
  }
  let top = GRID_TOP + 4;
  for (const line of frame.panel ?? []) {
    const scale = line.size ?? 2;
    canvas.text(PANEL_LEFT, top, line.text, line.color ? hexToRgb(line.color) : TEXT, scale);
    top += 7 * scale + (scale === 3 ? 14 : 10);
  }
  return Buffer.concat([Buffer.from(`P6\n${WIDTH} ${HEIGHT}\n255\n`, 'ascii'), canvas.pixels]);
}
