// The few words of a published chart's preview picture and of its page's description for chat apps, in the owner's
// language (the server has no translation files: like the mails, it carries its handful of texts here).
import { COMBO_COUNT } from '../../../contract/hands.ts';
import type { Language } from '../../../contract/languages.ts';

const WORDS: Record<
  Language,
  { combos: (count: number, n: string) => string; by: (name: string) => string }
> = {
  'en-US': {
    combos: (count, n) => `${n} ${count === 1 ? 'combo' : 'combos'}`,
    by: (name) => `shared by ${name}`,
  },
  'ru-RU': {
    combos: (count, n) => {
      const whole = Number.isInteger(count);
      const mod10 = count % 10;
      const mod100 = count % 100;
      if (!whole) return `${n} комбинации`;
      if (mod10 === 1 && mod100 !== 11) return `${n} комбинация`;
      if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${n} комбинации`;
      return `${n} комбинаций`;
    },
    by: (name) => `поделился ${name}`,
  },
  'zh-CN': { combos: (_count, n) => `${n} 个组合`, by: (name) => `${name} 分享` },
  'es-ES': {
    combos: (count, n) => `${n} ${count === 1 ? 'combo' : 'combos'}`,
    by: (name) => `compartido por ${name}`,
  },
};

const wordsOf = (language: string) => WORDS[language as Language] ?? WORDS['en-US'];

/** "124 combos · 9.4%" in `language`, numbers as that language writes them. */
export function combosText(language: string, combos: number): string {
  const rounded = Math.round(combos * 10) / 10;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(rounded);
  const share = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(combos / COMBO_COUNT);
  return `${wordsOf(language).combos(rounded, number)} · ${share}`;
}

/** "shared by <name>" in `language`. */
export const sharedBy = (language: string, name: string): string => wordsOf(language).by(name);
