// The seeded 6-max cash charts. Their names and notes state what each chart holds, measured from its cells
// (chart-share.ts), in the four interface languages, so a note can never drift from its chart.
import type { RangeButton } from '../../../contract/categories.ts';
import type { Language } from '../../../contract/languages.ts';
import type { StoredPairs } from '../../modules/categories/pairs.ts';
import type { NodeTexts, PackContent, TemplateNode } from '../../modules/shop/templates.ts';
import { addedClasses, chartShare, classList, percent } from './chart-share.ts';
import { chart, mix } from './notation.ts';

export const RAISE = '#D64545';
export const CALL = '#2E9E5B';
export const ALL_IN = '#E08A1E';

type Texts = Record<Language, NodeTexts>;

export const OPEN_LABELS = {
  'en-US': 'Raise 2.5bb',
  'ru-RU': 'Рейз 2,5bb',
  'zh-CN': '加注 2.5bb',
  'es-ES': 'Subir 2,5bb',
};
export const THREE_BET_LABELS = { 'en-US': '3-bet', 'ru-RU': '3-бет', 'zh-CN': '3-bet', 'es-ES': '3-bet' };
export const CALL_LABELS = { 'en-US': 'Call', 'ru-RU': 'Колл', 'zh-CN': '跟注', 'es-ES': 'Pagar' };

/** A range node from its texts in every language: English is the node's own, the others its translations. */
export function rangeNode(
  texts: Texts,
  buttons: Array<{ color: string; labels: Record<Language, string> }>,
  pairs: StoredPairs,
): TemplateNode {
  const { 'en-US': english, ...others } = texts;
  const translations: TemplateNode['translations'] = {};
  for (const [language, text] of Object.entries(others) as Array<[Language, NodeTexts]>) {
    translations[language] = { ...text, labels: buttons.map((button) => button.labels[language]) };
  }
  return {
    name: english.name ?? '',
    kind: 'range',
    note: english.note ?? '',
    buttons: buttons.map((button): RangeButton => ({ color: button.color, label: button.labels['en-US'] })),
    pairs,
    translations,
  };
}

/** A folder node named in every language. */
export function folderNode(names: Record<Language, string>, children: TemplateNode[]): TemplateNode {
  const { 'en-US': name, ...others } = names;
  return {
    name,
    kind: 'folder',
    children,
    translations: Object.fromEntries(
      Object.entries(others).map(([language, text]) => [language, { name: text }]),
    ),
  };
}

const pct = (pairs: StoredPairs, language: Language, digits = 1, color?: string) =>
  percent(chartShare(pairs, color), language, digits);

const OPENS: Array<{ position: string; hands: string; texts: (share: Pct, added: string) => Texts }> = [
  {
    position: 'UTG',
    hands: '22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, 87s, 76s, AJo+, KQo',
    texts: (share) => ({
      'en-US': {
        note: `Under the gun, five players still to act: ${share('en-US')} of hands. Every pair, every suited ace, suited broadways, suited connectors down to 76s, AJo+ and KQo.`,
      },
      'ru-RU': {
        note: `UTG, позади ещё пять игроков: ${share('ru-RU')} рук. Все пары, все одномастные тузы, одномастные бродвеи, одномастные коннекторы до 76s, AJo+ и KQo.`,
      },
      'zh-CN': {
        note: `枪口位，后面还有五名玩家：${share('zh-CN')} 的手牌。所有对子、所有同花A、同花高张、到 76s 为止的同花连张，以及 AJo+ 和 KQo。`,
      },
      'es-ES': {
        note: `UTG, con cinco jugadores por hablar: ${share('es-ES')} de las manos. Todas las parejas, todos los ases suited, broadways suited, conectores suited hasta 76s, AJo+ y KQo.`,
      },
    }),
  },
  {
    position: 'HJ',
    hands: '22+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, 87s, 76s, 65s, ATo+, KJo+, QJo',
    texts: (share, added) => ({
      'en-US': {
        note: `Hijack, four players behind: ${share('en-US')} of hands. Adds ${added} to the UTG range.`,
      },
      'ru-RU': {
        note: `Хайджек, позади четыре игрока: ${share('ru-RU')} рук. К диапазону UTG добавляются ${added}.`,
      },
      'zh-CN': { note: `劫位，后面还有四名玩家：${share('zh-CN')} 的手牌。在枪口位范围上加入 ${added}。` },
      'es-ES': {
        note: `Hijack, con cuatro jugadores detrás: ${share('es-ES')} de las manos. Añade ${added} al rango de UTG.`,
      },
    }),
  },
  {
    position: 'CO',
    hands: '22+, A2s+, K6s+, Q8s+, J8s+, T8s+, 97s+, 86s+, 75s+, 64s+, 54s, A8o+, KTo+, QTo+, JTo',
    texts: (share, added) => ({
      'en-US': {
        note: `Cutoff, only the button and the blinds behind: ${share('en-US')} of hands. Adds ${added} to the hijack range.`,
      },
      'ru-RU': {
        note: `Катофф, позади только баттон и блайнды: ${share('ru-RU')} рук. К диапазону хайджека добавляются ${added}.`,
      },
      'zh-CN': {
        note: `关煞位，后面只有按钮位和两个盲注：${share('zh-CN')} 的手牌。在劫位范围上加入 ${added}。`,
      },
      'es-ES': {
        note: `Cutoff, solo el botón y las ciegas detrás: ${share('es-ES')} de las manos. Añade ${added} al rango del hijack.`,
      },
    }),
  },
  {
    position: 'BTN',
    hands:
      '22+, A2s+, K2s+, Q4s+, J6s+, T6s+, 96s+, 85s+, 74s+, 63s+, 53s+, 43s, A2o+, K8o+, Q9o+, J9o+, T8o+, 98o, 87o',
    texts: (share, added) => ({
      'en-US': {
        note: `Button, only the blinds behind and position for the whole hand: ${share('en-US')} of hands, every suited king included. Adds ${added} to the cutoff range.`,
      },
      'ru-RU': {
        note: `Баттон, позади только блайнды и позиция на всю раздачу: ${share('ru-RU')} рук, включая все одномастные короли. К диапазону катоффа добавляются ${added}.`,
      },
      'zh-CN': {
        note: `按钮位，后面只有两个盲注，且整手牌都有位置：${share('zh-CN')} 的手牌，包括所有同花K。在关煞位范围上加入 ${added}。`,
      },
      'es-ES': {
        note: `Botón, solo las ciegas detrás y posición toda la mano: ${share('es-ES')} de las manos, con todos los reyes suited. Añade ${added} al rango del cutoff.`,
      },
    }),
  },
  {
    position: 'SB',
    hands: '22+, A2s+, K3s+, Q5s+, J7s+, T7s+, 97s+, 86s+, 75s+, 64s+, 54s, A4o+, K9o+, Q9o+, J9o+, T9o',
    texts: (share) => ({
      'en-US': {
        note: `Small blind, only the big blind behind: ${share('en-US')} of hands, raise or fold. Out of position after the flop, so it opens fewer offsuit hands than the button.`,
      },
      'ru-RU': {
        note: `Малый блайнд, позади только большой блайнд: ${share('ru-RU')} рук, рейз или фолд. После флопа без позиции, поэтому разномастных рук меньше, чем с баттона.`,
      },
      'zh-CN': {
        note: `小盲位，后面只有大盲：${share('zh-CN')} 的手牌，加注或弃牌。翻牌后没有位置，所以非同花手牌比按钮位少。`,
      },
      'es-ES': {
        note: `Ciega pequeña, solo la ciega grande detrás: ${share('es-ES')} de las manos, subir o retirarse. Sin posición tras el flop, así que abre menos manos offsuit que el botón.`,
      },
    }),
  },
];

type Pct = (language: Language) => string;

const OPEN_NAMES: Record<Language, (position: string, share: string) => string> = {
  'en-US': (position, share) => `${position} open (${share})`,
  'ru-RU': (position, share) => `${position}: открытие (${share})`,
  'zh-CN': (position, share) => `${position} 开局 (${share})`,
  'es-ES': (position, share) => `${position}: apertura (${share})`,
};

const openPairs = OPENS.map((open) => chart([{ color: RAISE, hands: open.hands }]));

/** The pairs of the opening chart of `position` (UTG, HJ, CO, BTN, SB). */
export function openChart(position: string): StoredPairs {
  const index = OPENS.findIndex((open) => open.position === position);
  if (index < 0) throw new Error(`no seeded open for ${position}`);
  return openPairs[index]!;
}

/** 6-max 100bb cash opening ranges by position (raise first in), widening as fewer players are left to act. */
export const cashOpens: PackContent = {
  root_type: 'preflop_root',
  nodes: OPENS.map((open, index) => {
    const pairs = openPairs[index]!;
    const share: Pct = (language) => pct(pairs, language);
    const added = index > 0 ? classList(addedClasses(openPairs[index - 1]!, pairs)) : '';
    const texts = open.texts(share, added);
    for (const language of Object.keys(texts) as Language[]) {
      texts[language].name = OPEN_NAMES[language](open.position, pct(pairs, language, 0));
    }
    return rangeNode(texts, [{ color: RAISE, labels: OPEN_LABELS }], pairs);
  }),
};

function defence(raise: string, call: string, mixes: Array<[string, number]> = []) {
  const pairs = chart([
    { color: CALL, hands: call },
    { color: RAISE, hands: raise },
  ]);
  for (const [hands, raiseWeight] of mixes) {
    mix(pairs, hands, [
      { color: RAISE, weight: raiseWeight },
      { color: CALL, weight: 100 - raiseWeight },
    ]);
  }
  return pairs;
}

const DEFENCE_SPLIT: Record<Language, (raise: string, call: string) => string> = {
  'en-US': (raise, call) => `3-bet ${raise}, call ${call} of hands.`,
  'ru-RU': (raise, call) => `3-бет ${raise}, колл ${call} рук.`,
  'zh-CN': (raise, call) => `3-bet ${raise}，跟注 ${call} 的手牌。`,
  'es-ES': (raise, call) => `3-bet ${raise}, call ${call} de las manos.`,
};

/** A defence chart: its names, the reason in words (each language), and the measured 3-bet and call shares. */
function defenceNode(names: Record<Language, string>, reasons: Record<Language, string>, pairs: StoredPairs) {
  const texts = {} as Texts;
  for (const language of Object.keys(names) as Language[]) {
    const split = DEFENCE_SPLIT[language](pct(pairs, language, 1, RAISE), pct(pairs, language, 1, CALL));
    texts[language] = { name: names[language], note: `${reasons[language]} ${split}` };
  }
  return rangeNode(
    texts,
    [
      { color: RAISE, labels: THREE_BET_LABELS },
      { color: CALL, labels: CALL_LABELS },
    ],
    pairs,
  );
}

export const BTN_VS_CO = defence(
  'JJ+, AQs+, AKo, A5s, A4s',
  'TT-22, AJs-A6s, KTs+, QTs+, JTs, T9s, 98s, 87s, 76s, AQo, AJo, KQo',
  [['K9s, 65s', 50]],
);
export const BB_VS_BTN = defence(
  'TT+, AJs+, KQs, AKo, A5s, A4s, 76s, 65s',
  '99-22, ATs-A6s, A3s, A2s, KJs-K2s, Q5s+, J7s+, T7s+, 96s+, 85s+, 74s+, 63s+, 53s+, 43s, AQo-A2o, KQo-K8o, QTo+, JTo, T9o, 98o',
  [['A3s, A2s', 50]],
);

/** 6-max 100bb cash: 3-bet (red) and call (green) versus a 2.5bb open; split cells are mixed strategies. */
export const cashDefence: PackContent = {
  root_type: 'preflop_root',
  nodes: [
    folderNode({ 'en-US': 'In position', 'ru-RU': 'В позиции', 'zh-CN': '有位置', 'es-ES': 'En posición' }, [
      defenceNode(
        {
          'en-US': 'BTN vs UTG open',
          'ru-RU': 'BTN против открытия UTG',
          'zh-CN': 'BTN 对 UTG 开局',
          'es-ES': 'BTN contra apertura de UTG',
        },
        {
          'en-US':
            'Tight: the UTG range is strong. 3-bet QQ+ and AK for value, A5s and A4s half the time; flat the other pairs and suited broadways.',
          'ru-RU':
            'Узко: диапазон UTG сильный. 3-бет QQ+ и AK на вэлью, A5s и A4s в половине случаев; остальные пары и одномастные бродвеи коллируются.',
          'zh-CN':
            '要紧：枪口位的范围很强。QQ+ 和 AK 价值 3-bet，A5s 和 A4s 一半时间 3-bet；其余对子和同花高张跟注。',
          'es-ES':
            'Ajustado: el rango de UTG es fuerte. 3-bet con QQ+ y AK por valor, A5s y A4s la mitad de las veces; paga con las demás parejas y broadways suited.',
        },
        defence('QQ+, AKs, AKo', 'JJ-22, AQs-ATs, KQs, KJs, QJs, JTs, T9s, 98s, 87s, AQo', [
          ['A5s, A4s', 50],
        ]),
      ),
      defenceNode(
        {
          'en-US': 'BTN vs CO open',
          'ru-RU': 'BTN против открытия CO',
          'zh-CN': 'BTN 对 CO 开局',
          'es-ES': 'BTN contra apertura del CO',
        },
        {
          'en-US':
            'Wider 3-bets: JJ+, AQs+, AKo and the A5s and A4s blockers, K9s and 65s half the time; call the middle.',
          'ru-RU':
            '3-бет шире: JJ+, AQs+, AKo и блокеры A5s и A4s, K9s и 65s в половине случаев; середина диапазона коллирует.',
          'zh-CN': '3-bet 更宽：JJ+、AQs+、AKo 以及阻断牌 A5s 和 A4s，K9s 和 65s 一半时间；中间的手牌跟注。',
          'es-ES':
            '3-bets más amplios: JJ+, AQs+, AKo y los bloqueadores A5s y A4s, K9s y 65s la mitad de las veces; paga con la parte media.',
        },
        BTN_VS_CO,
      ),
      defenceNode(
        {
          'en-US': 'CO vs HJ open',
          'ru-RU': 'CO против открытия HJ',
          'zh-CN': 'CO 对 HJ 开局',
          'es-ES': 'CO contra apertura del HJ',
        },
        {
          'en-US': 'Mostly 3-bet or fold: the button and both blinds still act behind.',
          'ru-RU': 'В основном 3-бет или фолд: позади ещё баттон и оба блайнда.',
          'zh-CN': '以 3-bet 或弃牌为主：后面还有按钮位和两个盲注。',
          'es-ES': 'Sobre todo 3-bet o retirarse: detrás aún hablan el botón y las dos ciegas.',
        },
        defence('TT+, AJs+, KQs, AKo, AQo, A5s-A3s', '99-55, ATs, KJs, QJs, JTs, T9s'),
      ),
    ]),
    folderNode({ 'en-US': 'Blinds', 'ru-RU': 'Блайнды', 'zh-CN': '盲注位', 'es-ES': 'Ciegas' }, [
      defenceNode(
        {
          'en-US': 'SB vs BTN open',
          'ru-RU': 'SB против открытия BTN',
          'zh-CN': 'SB 对 BTN 开局',
          'es-ES': 'SB contra apertura del BTN',
        },
        {
          'en-US': '3-bet or fold: a flat call from the small blind invites the big blind in.',
          'ru-RU': '3-бет или фолд: колл с малого блайнда приглашает в банк большой блайнд.',
          'zh-CN': '3-bet 或弃牌：小盲平跟会把大盲请进底池。',
          'es-ES': '3-bet o retirarse: pagar desde la ciega pequeña invita a entrar a la ciega grande.',
        },
        defence('88+, A8s+, A5s-A2s, K9s+, QTs+, JTs, T9s, ATo+, KJo+', ''),
      ),
      defenceNode(
        {
          'en-US': 'BB vs BTN open',
          'ru-RU': 'BB против открытия BTN',
          'zh-CN': 'BB 对 BTN 开局',
          'es-ES': 'BB contra apertura del BTN',
        },
        {
          'en-US': 'The big blind closes the action and pays 1.5bb to win 4bb: defend very wide.',
          'ru-RU':
            'Большой блайнд закрывает торговлю и платит 1,5bb, чтобы выиграть 4bb: защищайтесь очень широко.',
          'zh-CN': '大盲最后行动，付 1.5bb 争夺 4bb：要非常宽地防守。',
          'es-ES': 'La ciega grande cierra la acción y paga 1,5bb para ganar 4bb: defiende muy amplio.',
        },
        BB_VS_BTN,
      ),
      defenceNode(
        {
          'en-US': 'BB vs SB open',
          'ru-RU': 'BB против открытия SB',
          'zh-CN': 'BB 对 SB 开局',
          'es-ES': 'BB contra apertura del SB',
        },
        {
          'en-US': 'Against the widest opener, 3-bet for value often and defend most suited hands.',
          'ru-RU':
            'Против самого широкого открытия часто делайте 3-бет на вэлью и защищайте большинство одномастных рук.',
          'zh-CN': '面对最宽的开局者，经常价值 3-bet，并防守大多数同花手牌。',
          'es-ES':
            'Contra el que abre más amplio, haz 3-bet por valor a menudo y defiende casi todas las manos suited.',
        },
        defence(
          '99+, A9s+, A5s, A4s, KTs+, QJs, ATo+, KQo',
          '88-22, A8s-A6s, A3s, A2s, K9s-K2s, Q2s+, J5s+, T6s+, 95s+, 85s+, 74s+, 64s+, 53s+, 43s, A9o-A2o, KJo-K7o, Q9o+, J9o+, T9o, 98o',
        ),
      ),
    ]),
  ],
};
