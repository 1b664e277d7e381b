// The seeded push/fold pack: the engine's heads-up Nash equilibria (engine-figures.json) at each stack and on the
// bubble, never typed. A class played part of the time keeps its frequency as the cell's weight, and every note
// states the share of hands its chart holds, measured from the cells, in the four interface languages.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import type { Language } from '../../../contract/languages.ts';
import type { StoredPairs } from '../../modules/categories/pairs.ts';
import type { PackContent, TemplateNode } from '../../modules/shop/templates.ts';
import { ALL_IN, CALL, folderNode, rangeNode } from './cash-packs.ts';
import { chartCombos, chartShare, percent } from './chart-share.ts';
import { FIGURES, headsUpAt } from './figures.ts';
import { BUBBLE, PUSH_FOLD_STACKS } from './spots.ts';

const PUSH_LABELS = { 'en-US': 'All-in', 'ru-RU': 'Олл-ин', 'zh-CN': '全下', 'es-ES': 'All-in' };
const CALL_LABELS = {
  'en-US': 'Call all-in',
  'ru-RU': 'Колл олл-ина',
  'zh-CN': '跟注全下',
  'es-ES': 'Pagar all-in',
};
const LANGUAGES: Language[] = ['en-US', 'ru-RU', 'zh-CN', 'es-ES'];

/** A chart of per-class frequencies: each class played at all gets the colour at its frequency (one decimal). */
export function frequencyChart(frequencies: readonly number[], color: string): StoredPairs {
  const pairs: StoredPairs = {};
  HAND_CLASSES.forEach((hand, index) => {
    const weight = Math.round(frequencies[index]! * 1000) / 10;
    if (weight > 0) pairs[hand] = [{ color, weight }];
  });
  return pairs;
}

/** The classes a chart plays only part of the time, with their weight (percent). */
function mixedOf(pairs: StoredPairs): Array<[string, number]> {
  return Object.entries(pairs).flatMap(([hand, cell]) => {
    const weight = (Array.isArray(cell) ? cell : cell.colors)[0]?.weight ?? 0;
    return weight > 0 && weight < 100 ? [[hand, weight] as [string, number]] : [];
  });
}

const combosText = (pairs: StoredPairs) => String(Math.round(chartCombos(pairs)));

type Phrase = (hand: string, share: string) => string;
const MIXED_PUSH: Record<Language, Phrase> = {
  'en-US': (hand, share) => `${hand} is pushed ${share} of the time.`,
  'ru-RU': (hand, share) => `${hand} идёт в олл-ин в ${share} случаев.`,
  'zh-CN': (hand, share) => `${hand} 有 ${share} 的时间全下。`,
  'es-ES': (hand, share) => `${hand} va all-in el ${share} de las veces.`,
};
const MIXED_CALL: Record<Language, Phrase> = {
  'en-US': (hand, share) => `${hand} calls ${share} of the time.`,
  'ru-RU': (hand, share) => `${hand} коллирует в ${share} случаев.`,
  'zh-CN': (hand, share) => `${hand} 有 ${share} 的时间跟注。`,
  'es-ES': (hand, share) => `${hand} paga el ${share} de las veces.`,
};

const mixedText = (pairs: StoredPairs, language: Language, phrase: Record<Language, Phrase>) =>
  mixedOf(pairs)
    .map(([hand, weight]) => phrase[language](hand, percent(weight / 100, language, 0)))
    .join(' ');

const headsUpNote: Record<
  Language,
  (stack: number, who: 'push' | 'call', share: string, combos: string) => string
> = {
  'en-US': (stack, who, share, combos) =>
    `Heads-up Nash equilibrium at ${stack}bb effective (blinds 0.5/1, no ante, chip EV), computed by the engine: ${
      who === 'push' ? 'the small blind pushes' : 'the big blind calls the push with'
    } ${share} of hands (${combos} of 1326 combos).`,
  'ru-RU': (stack, who, share, combos) =>
    `Равновесие Нэша один на один при эффективном стеке ${stack}bb (блайнды 0,5/1, без анте, EV в фишках), посчитано движком: ${
      who === 'push' ? 'малый блайнд идёт в олл-ин с' : 'большой блайнд коллирует олл-ин с'
    } ${share} рук (${combos} из 1326 комбинаций).`,
  'zh-CN': (stack, who, share, combos) =>
    `单挑纳什均衡，有效筹码 ${stack}bb（盲注 0.5/1，无前注，筹码 EV），由引擎计算：${
      who === 'push' ? '小盲全下' : '大盲跟注全下的手牌占'
    } ${share} 的手牌（1326 个组合中的 ${combos} 个）。`,
  'es-ES': (stack, who, share, combos) =>
    `Equilibrio de Nash heads-up con ${stack}bb efectivas (ciegas 0,5/1, sin ante, EV en fichas), calculado por el motor: ${
      who === 'push' ? 'la ciega pequeña va all-in con' : 'la ciega grande paga el all-in con'
    } el ${share} de las manos (${combos} de 1326 combos).`,
};

function headsUpChart(stack: number, who: 'push' | 'call'): TemplateNode {
  const figures = headsUpAt(stack);
  const pairs = frequencyChart(who === 'push' ? figures.push : figures.call, who === 'push' ? ALL_IN : CALL);
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => {
      const note = headsUpNote[language](stack, who, percent(chartShare(pairs), language), combosText(pairs));
      const mixed = mixedText(pairs, language, who === 'push' ? MIXED_PUSH : MIXED_CALL);
      return [language, { name: `${stack}bb`, note: mixed ? `${note} ${mixed}` : note }];
    }),
  ) as Record<Language, { name: string; note: string }>;
  return rangeNode(
    texts,
    [{ color: who === 'push' ? ALL_IN : CALL, labels: who === 'push' ? PUSH_LABELS : CALL_LABELS }],
    pairs,
  );
}

const BUBBLE_PUSH = frequencyChart(FIGURES.bubble.push, ALL_IN);
const BUBBLE_CALL = frequencyChart(FIGURES.bubble.call, CALL);
const chips = headsUpAt(BUBBLE.stack);

type BubbleNote = (share: string, chipShare: string, needs: string, chipNeeds: string) => string;
const bubbleSpot: Record<Language, string> = {
  'en-US': `Bubble: three players with ${BUBBLE.stack}bb each, two paid (65% and 35% of the pool), prize equity (ICM), computed by the engine`,
  'ru-RU': `Пузырь: три игрока по ${BUBBLE.stack}bb, платят двоим (65% и 35% призового фонда), призовое эквити (ICM), посчитано движком`,
  'zh-CN': `泡沫圈：三名玩家各 ${BUBBLE.stack}bb，前两名有奖（奖池的 65% 和 35%），按奖金权益 (ICM) 由引擎计算`,
  'es-ES': `Burbuja: tres jugadores con ${BUBBLE.stack}bb cada uno, cobran dos (65% y 35% del bote de premios), equity de premios (ICM), calculado por el motor`,
};
const bubblePushNote: Record<Language, BubbleNote> = {
  'en-US': (share, chipShare) =>
    `the small blind pushes ${share} of hands, against ${chipShare} in chips at the same stacks.`,
  'ru-RU': (share, chipShare) =>
    `малый блайнд идёт в олл-ин с ${share} рук против ${chipShare} в фишках при тех же стеках.`,
  'zh-CN': (share, chipShare) => `小盲全下 ${share} 的手牌，而同样筹码下按筹码计算是 ${chipShare}。`,
  'es-ES': (share, chipShare) =>
    `la ciega pequeña va all-in con el ${share} de las manos, frente al ${chipShare} en fichas con los mismos stacks.`,
};
const bubbleCallNote: Record<Language, BubbleNote> = {
  'en-US': (share, chipShare, needs, chipNeeds) =>
    `the big blind calls with ${share} of hands, against ${chipShare} in chips: a call needs ${needs} equity instead of ${chipNeeds}.`,
  'ru-RU': (share, chipShare, needs, chipNeeds) =>
    `большой блайнд коллирует с ${share} рук против ${chipShare} в фишках: для колла нужно ${needs} эквити вместо ${chipNeeds}.`,
  'zh-CN': (share, chipShare, needs, chipNeeds) =>
    `大盲用 ${share} 的手牌跟注，而按筹码计算是 ${chipShare}：跟注需要 ${needs} 的胜率，而不是 ${chipNeeds}。`,
  'es-ES': (share, chipShare, needs, chipNeeds) =>
    `la ciega grande paga con el ${share} de las manos, frente al ${chipShare} en fichas: pagar pide un ${needs} de equity en lugar de un ${chipNeeds}.`,
};
const bubbleNames = {
  push: {
    'en-US': 'SB push 10bb',
    'ru-RU': 'SB: олл-ин 10bb',
    'zh-CN': '小盲全下 10bb',
    'es-ES': 'SB: all-in 10bb',
  },
  call: {
    'en-US': 'BB call 10bb',
    'ru-RU': 'BB: колл 10bb',
    'zh-CN': '大盲跟注 10bb',
    'es-ES': 'BB: call 10bb',
  },
};

function bubbleChart(who: 'push' | 'call'): TemplateNode {
  const pairs = who === 'push' ? BUBBLE_PUSH : BUBBLE_CALL;
  const chipPairs = frequencyChart(who === 'push' ? chips.push : chips.call, CALL);
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => {
      const note = (who === 'push' ? bubblePushNote : bubbleCallNote)[language](
        percent(chartShare(pairs), language),
        percent(chartShare(chipPairs), language),
        percent(FIGURES.bubble.call_needs, language),
        percent(FIGURES.bubble.chip_call_needs, language),
      );
      return [language, { name: bubbleNames[who][language], note: `${bubbleSpot[language]}: ${note}` }];
    }),
  ) as Record<Language, { name: string; note: string }>;
  return rangeNode(
    texts,
    [{ color: who === 'push' ? ALL_IN : CALL, labels: who === 'push' ? PUSH_LABELS : CALL_LABELS }],
    pairs,
  );
}

/** Heads-up push/fold from the small blind by effective stack, the big blind's calls, and the bubble under ICM. */
export const pushFold: PackContent = {
  root_type: 'tournament_root',
  nodes: [
    folderNode(
      { 'en-US': 'SB push', 'ru-RU': 'SB: олл-ин', 'zh-CN': '小盲全下', 'es-ES': 'SB: all-in' },
      PUSH_FOLD_STACKS.map((stack) => headsUpChart(stack, 'push')),
    ),
    folderNode(
      {
        'en-US': 'BB call vs SB push',
        'ru-RU': 'BB: колл против олл-ина SB',
        'zh-CN': '大盲跟注小盲全下',
        'es-ES': 'BB: call contra all-in del SB',
      },
      PUSH_FOLD_STACKS.map((stack) => headsUpChart(stack, 'call')),
    ),
    folderNode(
      {
        'en-US': 'Bubble: 3 left, 2 paid (ICM)',
        'ru-RU': 'Пузырь: 3 игрока, 2 призовых места (ICM)',
        'zh-CN': '泡沫圈：剩 3 人，2 人有奖 (ICM)',
        'es-ES': 'Burbuja: quedan 3, cobran 2 (ICM)',
      },
      [bubbleChart('push'), bubbleChart('call')],
    ),
  ],
};
