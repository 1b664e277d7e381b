// Building blocks of the seeded lessons: a sentence written once per language as a function of a Voice (so its
// caption and its speech come from the same words), pictures from a pack's chart, and figures for the panel.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import type { Language } from '../../../contract/languages.ts';
import type { LessonCell, LessonFrame, PanelLine } from '../../lib/lesson-image.ts';
import type { LessonScript, LessonSegment } from '../../lib/lesson-media.ts';
import type { StoredPairs } from '../../modules/categories/pairs.ts';
import type { PackContent, TemplateNode } from '../../modules/shop/templates.ts';
import { type Voice, voiceOf } from './lesson-voice.ts';

/** One sentence in the four languages. */
export interface Line {
  en: (v: Voice) => string;
  ru: (v: Voice) => string;
  zh: (v: Voice) => string;
  es: (v: Voice) => string;
}

const KEYS: Record<Language, keyof Line> = { 'en-US': 'en', 'ru-RU': 'ru', 'zh-CN': 'zh', 'es-ES': 'es' };
const LANGUAGES = Object.keys(KEYS) as Language[];

/** A sentence starts with a capital, also when it starts with a hand said in words ("Дама-шестёрка …"). */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A picture and the sentences said over it. */
export function segment(frame: LessonFrame, lines: Line[]): LessonSegment {
  const cues = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      lines.map((line) => ({
        text: sentence(line[KEYS[language]](voiceOf(language, false))),
        spoken: sentence(line[KEYS[language]](voiceOf(language, true))),
      })),
    ]),
  ) as LessonSegment['cues'];
  return { frame, cues };
}

export interface SeedLesson {
  titles: Record<Language, string>;
  script: LessonScript;
}

/** The cells of a chart as the pictures draw them: every colour of a class, stacked. */
export function frameCells(pairs: StoredPairs): Record<string, LessonCell[]> {
  const cells: Record<string, LessonCell[]> = {};
  for (const [hand, cell] of Object.entries(pairs)) {
    const entries = Array.isArray(cell) ? cell : cell.colors;
    if (entries.length) cells[hand] = entries.map(({ color, weight }) => ({ color, weight }));
  }
  return cells;
}

/** The range at `path` (names from the top) of a seeded pack. */
export function chartAt(pack: PackContent, path: string[]): StoredPairs {
  const find = (nodes: TemplateNode[], [name, ...rest]: string[]): TemplateNode | undefined => {
    const node = nodes.find((entry) => entry.name === name);
    return rest.length === 0 ? node : node && find(node.children ?? [], rest);
  };
  const node = find(pack.nodes, path);
  if (!node?.pairs) throw new Error(`no seeded chart at ${path.join(' / ')}`);
  return node.pairs;
}

/** The value of a class in a per-class array (grid order). */
export const at = (values: readonly number[], hand: string) => values[HAND_CLASSES.indexOf(hand)]!;

// The panel's figures: language-neutral text the bitmap font draws.
export const GAIN = '#4CC38A';
export const LOSS = '#F06A6A';
export const MUTED = '#9FB3C8';
/** Rounded half up like the captions (Intl), so the picture and the words show the same figure. */
const fixed = (value: number, digits: number) =>
  (Math.round(value * 10 ** digits + 1e-6) / 10 ** digits).toFixed(digits);
export const panelPct = (value: number, digits = 1) => `${fixed(value * 100, digits)}%`;
export const panelBb = (value: number) => {
  const size = fixed(Math.abs(value), 2);
  // A gain that rounds to nothing has no sign ("-0.00" would read as a loss).
  return `${Number(size) === 0 ? '' : value > 0 ? '+' : '-'}${size} bb`;
};

/** A class's block on the panel: its name, its equity and what playing it gains over folding. */
export function handPanel(hand: string, equity: number, gain: number): PanelLine[] {
  return [
    { text: hand, size: 3 },
    { text: panelPct(equity), color: MUTED },
    { text: panelBb(gain), color: gain >= 0 ? GAIN : LOSS },
  ];
}
