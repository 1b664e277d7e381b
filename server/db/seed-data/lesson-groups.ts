// A chart read group by group, as the push/fold lessons walk through it: pairs, suited and offsuit aces, kings,
// queens and jacks, then the rest. For each group, where its border lies (the weakest class played for each high
// card) and the two classes next to the border on either side, judged by what playing gains over folding.
import { GRID_RANKS, HAND_CLASSES } from '../../../contract/hands.ts';
import type { Language } from '../../../contract/languages.ts';

export interface HandGroup {
  names: Record<Language, string>;
  /** Members by high card, strongest kicker first. */
  byHigh: string[][];
}

const suitedOf = (high: string, suit: 's' | 'o') =>
  GRID_RANKS.slice(GRID_RANKS.indexOf(high as (typeof GRID_RANKS)[number]) + 1).map(
    (low) => `${high}${low}${suit}`,
  );

const named = (en: string, ru: string, zh: string, es: string): Record<Language, string> => ({
  'en-US': en,
  'ru-RU': ru,
  'zh-CN': zh,
  'es-ES': es,
});

/** The groups of the walk, every class in exactly one. */
export const HAND_GROUPS: HandGroup[] = [
  { names: named('Pairs', 'Пары', '对子', 'Parejas'), byHigh: [GRID_RANKS.map((rank) => `${rank}${rank}`)] },
  { names: named('Suited aces', 'Одномастные тузы', '同花A', 'Ases suited'), byHigh: [suitedOf('A', 's')] },
  {
    names: named('Offsuit aces', 'Разномастные тузы', '杂色A', 'Ases offsuit'),
    byHigh: [suitedOf('A', 'o')],
  },
  {
    names: named('Suited kings', 'Одномастные короли', '同花K', 'Reyes suited'),
    byHigh: [suitedOf('K', 's')],
  },
  {
    names: named('Offsuit kings', 'Разномастные короли', '杂色K', 'Reyes offsuit'),
    byHigh: [suitedOf('K', 'o')],
  },
  {
    names: named('Suited queens', 'Одномастные дамы', '同花Q', 'Damas suited'),
    byHigh: [suitedOf('Q', 's')],
  },
  {
    names: named('Offsuit queens', 'Разномастные дамы', '杂色Q', 'Damas offsuit'),
    byHigh: [suitedOf('Q', 'o')],
  },
  {
    names: named('Suited jacks', 'Одномастные валеты', '同花J', 'Jotas suited'),
    byHigh: [suitedOf('J', 's')],
  },
  {
    names: named('Offsuit jacks', 'Разномастные валеты', '杂色J', 'Jotas offsuit'),
    byHigh: [suitedOf('J', 'o')],
  },
  {
    names: named(
      'Suited hands ten-high and lower',
      'Одномастные руки от десятки и ниже',
      '十及以下的同花牌',
      'Manos suited de diez o menos',
    ),
    byHigh: ['T', '9', '8', '7', '6', '5', '4', '3'].map((high) => suitedOf(high, 's')),
  },
  {
    names: named(
      'Offsuit hands ten-high and lower',
      'Разномастные руки от десятки и ниже',
      '十及以下的杂色牌',
      'Manos offsuit de diez o menos',
    ),
    byHigh: ['T', '9', '8', '7', '6', '5', '4', '3'].map((high) => suitedOf(high, 'o')),
  },
];

export interface GroupReading {
  group: HandGroup;
  size: number;
  played: number;
  /** The weakest class played for each high card whose strongest class is played (in order). */
  borders: string[];
  /** Classes played below a class not played (a gap in a high card's run), listed apart. */
  gaps: string[];
  /** The played class that gains least over folding, and the folded class that would lose least. */
  closestPlayed: string | null;
  closestFolded: string | null;
}

const indexOf = (hand: string) => HAND_CLASSES.indexOf(hand);

/**
 * Reads one group of a chart: `frequency` says how often each class is played (169, grid order), `gain` what playing
 * it is worth over folding (big blinds or prize, same order).
 */
export function readGroup(
  group: HandGroup,
  frequency: readonly number[],
  gain: readonly number[],
): GroupReading {
  const members = group.byHigh.flat();
  const played = members.filter((hand) => frequency[indexOf(hand)]! > 0);
  const borders: string[] = [];
  const gaps: string[] = [];
  for (const run of group.byHigh) {
    const firstFolded = run.findIndex((hand) => frequency[indexOf(hand)]! === 0);
    if (firstFolded === 0) {
      gaps.push(...run.filter((hand) => frequency[indexOf(hand)]! > 0));
      continue;
    }
    borders.push(run[(firstFolded < 0 ? run.length : firstFolded) - 1]!);
    if (firstFolded >= 0)
      gaps.push(...run.slice(firstFolded).filter((hand) => frequency[indexOf(hand)]! > 0));
  }
  const byGain = (hands: string[], pick: 'min' | 'max') =>
    hands.reduce<string | null>((best, hand) => {
      if (best === null) return hand;
      const [a, b] = [gain[indexOf(hand)]!, gain[indexOf(best)]!];
      return (pick === 'min' ? a < b : a > b) ? hand : best;
    }, null);
  return {
    group,
    size: members.length,
    played: played.length,
    borders,
    gaps,
    // A class played part of the time is worth the same as a fold: the border is the last one always played.
    closestPlayed:
      byGain(
        played.filter((hand) => frequency[indexOf(hand)]! === 1),
        'min',
      ) ?? byGain(played, 'min'),
    closestFolded: byGain(
      members.filter((hand) => frequency[indexOf(hand)]! === 0),
      'max',
    ),
  };
}
