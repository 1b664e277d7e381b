// The preflop course, continued: the button's 3-bets and calls against the cutoff's open, with each hand's equity
// (the engine's) against the cutoff's whole opening range.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import type { StoredPairs } from '../../modules/categories/pairs.ts';
import { BTN_VS_CO, CALL, openChart, RAISE } from './cash-packs.ts';
import { cellWeight, chartShare, classList } from './chart-share.ts';
import { FIGURES } from './figures.ts';
import { at, frameCells, GAIN, LOSS, MUTED, panelPct, type SeedLesson, segment } from './lesson-script.ts';
import { ruPlural, type Voice } from './lesson-voice.ts';

const cash = FIGURES.cash;
/** Pure 3-bets above this equity against the opener are value; below it, bluffs that play well when called. */
export const VALUE_EQUITY = 0.55;

export const only = (pairs: StoredPairs, color: string) =>
  HAND_CLASSES.filter((hand) => cellWeight(pairs, hand, color) === 1);
export const mixedOf = (pairs: StoredPairs) =>
  HAND_CLASSES.filter((hand) => cellWeight(pairs, hand, RAISE) > 0 && cellWeight(pairs, hand, CALL) > 0);
export const folded = (pairs: StoredPairs) => HAND_CLASSES.filter((hand) => cellWeight(pairs, hand) === 0);
export const sorted = (hands: string[], equity: readonly number[]) =>
  [...hands].sort((a, b) => at(equity, a) - at(equity, b));
/** A list of hands: compact notation on screen, each hand said in full by the voice. */
const listed = (v: Voice, hands: string[]) => (v.spoken ? v.hands(hands) : classList(hands));
export const eqPanel = (hand: string, equity: readonly number[], color = MUTED) => [
  { text: hand, size: 3 as const },
  { text: panelPct(at(equity, hand)), color },
];

/** Combos of AA, AK and AQ in a range, and how many are left when one ace is in your hand. */
function aceCombos(pairs: StoredPairs): [all: number, blocked: number] {
  const classes: Array<[string, number, number]> = [
    ['AA', 6, 3],
    ['AKs', 4, 3],
    ['AKo', 12, 9],
    ['AQs', 4, 3],
    ['AQo', 12, 9],
  ];
  return classes.reduce<[number, number]>(
    ([all, blocked], [hand, combos, left]) => [
      all + combos * cellWeight(pairs, hand),
      blocked + left * cellWeight(pairs, hand),
    ],
    [0, 0],
  );
}

/** The button's calls against the cutoff by kind: pairs, suited hands, offsuit hands, each with its weakest. */
function callGroups(calls: string[]) {
  const equity = cash.vs_co_open;
  const cells = frameCells(BTN_VS_CO);
  const inGridOrder = HAND_CLASSES.filter((hand) => calls.includes(hand));
  const pairs = inGridOrder.filter((hand) => hand.length === 2);
  const suited = inGridOrder.filter((hand) => hand.endsWith('s'));
  const offsuit = inGridOrder.filter((hand) => hand.endsWith('o'));
  const lowest = (hands: string[]) => sorted(hands, equity)[0]!;
  const [pair, suit, off] = [lowest(pairs), lowest(suited), lowest(offsuit)];
  return [
    segment({ cells, highlight: pairs, panel: eqPanel(pair, equity) }, [
      {
        en: (v) =>
          `Every pair from ${v.hand(pairs[0]!)} down calls. ${v.hand(pair)} wins only ${v.pct(at(equity, pair))}, but it makes a set on about one flop in eight, and a set wins the big pots.`,
        ru: (v) =>
          `Коллируют все пары от ${v.hand(pairs[0]!)} и ниже. ${v.hand(pair)} выигрывает лишь ${v.pct(at(equity, pair))}, но примерно на каждом восьмом флопе собирает сет, а сет выигрывает большие банки.`,
        zh: (v) =>
          `从 ${v.hand(pairs[0]!)} 往下的所有对子都跟注。${v.hand(pair)} 胜率只有 ${v.pct(at(equity, pair))}，但大约每八个翻牌就能中一次三条，而三条能赢下大底池。`,
        es: (v) =>
          `Todas las parejas desde ${v.hand(pairs[0]!)} hacia abajo pagan. ${v.hand(pair)} gana solo el ${v.pct(at(equity, pair))}, pero liga un trío en uno de cada ocho flops, y un trío gana los botes grandes.`,
      },
    ]),
    segment({ cells, highlight: suited, panel: eqPanel(suit, equity) }, [
      {
        en: (v) =>
          `${v.count(suited.length)} suited hands call, down to ${v.hand(suit)} at ${v.pct(at(equity, suit))}: in position they play for flushes and straights.`,
        ru: (v) =>
          `Коллируют ${v.count(suited.length)} ${ruPlural(suited.length, ['одномастная рука', 'одномастные руки', 'одномастных рук'])}, вплоть до ${v.hand(suit)} с ${v.pct(at(equity, suit))}: в позиции они играют на флеши и стриты.`,
        zh: (v) =>
          `${v.count(suited.length)} 类同花牌跟注，最低到 ${v.hand(suit)}，胜率 ${v.pct(at(equity, suit))}：有位置时它们追同花和顺子。`,
        es: (v) =>
          `Pagan ${v.count(suited.length)} manos suited, hasta ${v.hand(suit)} con el ${v.pct(at(equity, suit))}: en posición juegan a colores y escaleras.`,
      },
    ]),
    segment({ cells, highlight: offsuit, panel: eqPanel(off, equity) }, [
      {
        en: (v) =>
          `Only ${v.count(offsuit.length)} offsuit hands call, ${v.hands(offsuit)}, the weakest ${v.hand(off)} at ${v.pct(at(equity, off))}: an offsuit hand needs high cards to be worth a call.`,
        ru: (v) =>
          `Из разномастных коллируют лишь ${v.count(offsuit.length)}: ${v.hands(offsuit)}; самая слабая, ${v.hand(off)}, — ${v.pct(at(equity, off))}: разномастной руке для колла нужны старшие карты.`,
        zh: (v) =>
          `只有 ${v.count(offsuit.length)} 类杂色牌跟注：${v.hands(offsuit)}，最弱的 ${v.hand(off)} 胜率 ${v.pct(at(equity, off))}：杂色牌要有大牌才值得跟注。`,
        es: (v) =>
          `Solo pagan ${v.count(offsuit.length)} manos offsuit, ${v.hands(offsuit)}; la más débil, ${v.hand(off)}, con el ${v.pct(at(equity, off))}: una mano offsuit necesita cartas altas para valer un call.`,
      },
    ]),
  ];
}

export function threeBetLesson(): SeedLesson {
  const equity = cash.vs_co_open;
  const co = openChart('CO');
  const raises = sorted(only(BTN_VS_CO, RAISE), equity).reverse();
  const value = raises.filter((hand) => at(equity, hand) >= VALUE_EQUITY);
  const bluffs = raises.filter((hand) => at(equity, hand) < VALUE_EQUITY);
  const calls = sorted(only(BTN_VS_CO, CALL), equity);
  const mixes = mixedOf(BTN_VS_CO);
  const bestFold = sorted(folded(BTN_VS_CO), equity).at(-1)!;
  const strongerCall = calls.filter((hand) => at(equity, hand) > at(equity, bluffs[0]!)).at(-1)!;
  const [aces, acesLeft] = aceCombos(co);
  const [top, lastValue] = [value[0]!, value.at(-1)!];
  const cells = frameCells(BTN_VS_CO);
  const segments = [
    segment(
      {
        cells: frameCells(co),
        panel: [
          { text: 'CO', size: 3 },
          { text: panelPct(chartShare(co)), color: MUTED },
        ],
      },
      [
        {
          en: (v) =>
            `The cutoff opens ${v.pct(chartShare(co))} of hands, and the button answers: 3-bet, call or fold.`,
          ru: (v) =>
            `Катофф открывает ${v.pct(chartShare(co))} рук, и баттон отвечает: 3-бет, колл или фолд.`,
          zh: (v) => `关煞位开局 ${v.pct(chartShare(co))} 的手牌，按钮位要回应：3-bet、跟注或弃牌。`,
          es: (v) =>
            `El cutoff abre el ${v.pct(chartShare(co))} de las manos y el botón responde: 3-bet, call o retirarse.`,
        },
        {
          en: () =>
            'Every equity in this lesson is the engine’s, each hand against the cutoff’s whole opening range.',
          ru: () =>
            'Всё эквити в этом уроке посчитано движком: каждая рука против всего диапазона открытия катоффа.',
          zh: () => '本课所有胜率都由引擎计算：每手牌对关煞位的整个开局范围。',
          es: () =>
            'Todas las equities de esta lección son del motor: cada mano contra todo el rango de apertura del cutoff.',
        },
      ],
    ),
    segment(
      {
        cells,
        highlight: value,
        panel: [...eqPanel(top, equity, GAIN), ...eqPanel(lastValue, equity, GAIN)],
      },
      [
        {
          en: (v) => `The value 3-bets: ${listed(v, value)}.`,
          ru: (v) => `3-беты на вэлью: ${listed(v, value)}.`,
          zh: (v) => `价值 3-bet：${listed(v, value)}。`,
          es: (v) => `Los 3-bets por valor: ${listed(v, value)}.`,
        },
        {
          en: (v) =>
            `${v.hand(top)} wins ${v.pct(at(equity, top))} against the opening range, and even ${v.hand(lastValue)} wins ${v.pct(at(equity, lastValue))}: ahead of most of what the cutoff opens, they want a bigger pot.`,
          ru: (v) =>
            `${v.hand(top)} выигрывает ${v.pct(at(equity, top))} против диапазона открытия, и даже ${v.hand(lastValue)} — ${v.pct(at(equity, lastValue))}: они впереди большей части того, что открывает катофф, и хотят банк побольше.`,
          zh: (v) =>
            `${v.hand(top)} 对开局范围的胜率是 ${v.pct(at(equity, top))}，就连 ${v.hand(lastValue)} 也有 ${v.pct(at(equity, lastValue))}：它们领先关煞位的大部分开局牌，想把底池做大。`,
          es: (v) =>
            `${v.hand(top)} gana el ${v.pct(at(equity, top))} contra el rango de apertura, e incluso ${v.hand(lastValue)} gana el ${v.pct(at(equity, lastValue))}: van por delante de casi todo lo que abre el cutoff y quieren un bote mayor.`,
        },
      ],
    ),
    segment(
      {
        cells,
        highlight: bluffs,
        panel: [...eqPanel(bluffs[0]!, equity, LOSS), ...eqPanel(strongerCall, equity)],
      },
      [
        {
          en: (v) =>
            `${v.hands(bluffs)} are 3-bet as bluffs: they win only ${v.pct(at(equity, bluffs[0]!))}, less than a call such as ${v.hand(strongerCall)} with ${v.pct(at(equity, strongerCall))}.`,
          ru: (v) =>
            `${v.hands(bluffs)} делают 3-бет как блеф: они выигрывают лишь ${v.pct(at(equity, bluffs[0]!))}, меньше, чем колл вроде ${v.hand(strongerCall)} с ${v.pct(at(equity, strongerCall))}.`,
          zh: (v) =>
            `${v.hands(bluffs)} 用来诈唬 3-bet：胜率只有 ${v.pct(at(equity, bluffs[0]!))}，比 ${v.hand(strongerCall)} 这样 ${v.pct(at(equity, strongerCall))} 的跟注牌还低。`,
          es: (v) =>
            `${v.hands(bluffs)} hacen 3-bet de farol: ganan solo el ${v.pct(at(equity, bluffs[0]!))}, menos que un call como ${v.hand(strongerCall)}, con el ${v.pct(at(equity, strongerCall))}.`,
        },
        {
          en: (v) =>
            `Their ace is a blocker: the cutoff opens ${v.count(aces)} combinations of aces, ace-king and ace-queen, and only ${v.count(acesLeft)} remain when you hold one ace.`,
          ru: (v) =>
            `Их туз — блокер: катофф открывает ${v.count(aces)} ${ruPlural(aces, ['комбинацию', 'комбинации', 'комбинаций'])} тузов, туз-короля и туз-дамы, а когда туз у вас, остаётся только ${v.count(acesLeft)}.`,
          zh: (v) =>
            `它们的A是阻断牌：关煞位开局的AA、AK和AQ共有 ${v.count(aces)} 个组合，你拿着一张A时只剩 ${v.count(acesLeft)} 个。`,
          es: (v) =>
            `Su as es un bloqueador: el cutoff abre ${v.count(aces)} combinaciones de ases, as-rey y as-dama, y solo quedan ${v.count(acesLeft)} cuando tienes un as.`,
        },
        {
          en: () => 'And when the cutoff calls, they can still make straights and flushes.',
          ru: () => 'А если катофф коллирует, они ещё могут собрать стрит или флеш.',
          zh: () => '如果关煞位跟注，它们还能做成顺子和同花。',
          es: () => 'Y si el cutoff paga, todavía pueden ligar escaleras y colores.',
        },
      ],
    ),
    segment({ cells, highlight: mixes }, [
      {
        en: (v) =>
          `${v.hands(mixes)} 3-bet half of the time and call otherwise: a mix keeps the button’s 3-bets hard to read.`,
        ru: (v) =>
          `${v.hands(mixes)} делают 3-бет в половине случаев, а в остальных коллируют: смешивание делает 3-беты баттона трудными для чтения.`,
        zh: (v) => `${v.hands(mixes)} 一半时间 3-bet，其余时间跟注：混合策略让按钮位的 3-bet 难以被读懂。`,
        es: (v) =>
          `${v.hands(mixes)} hacen 3-bet la mitad de las veces y pagan el resto: mezclar hace que los 3-bets del botón sean difíciles de leer.`,
      },
    ]),
    segment(
      { cells, highlight: calls, panel: [...eqPanel(calls[0]!, equity), ...eqPanel(calls.at(-1)!, equity)] },
      [
        {
          en: (v) =>
            `The calls${v.spoken ? ', the green hands,' : `, ${classList(calls)},`} win from ${v.pct(at(equity, calls[0]!))} with ${v.hand(calls[0]!)} to ${v.pct(at(equity, calls.at(-1)!))} with ${v.hand(calls.at(-1)!)}: in position, enough to see a flop without building a big pot.`,
          ru: (v) =>
            `Коллы${v.spoken ? ', зелёные руки,' : ` (${classList(calls)})`} выигрывают от ${v.pct(at(equity, calls[0]!))} у ${v.hand(calls[0]!)} до ${v.pct(at(equity, calls.at(-1)!))} у ${v.hand(calls.at(-1)!)}: в позиции этого хватает, чтобы увидеть флоп, не раздувая банк.`,
          zh: (v) =>
            `跟注的牌${v.spoken ? '，也就是绿色的手牌，' : `（${classList(calls)}）`}胜率从 ${v.hand(calls[0]!)} 的 ${v.pct(at(equity, calls[0]!))} 到 ${v.hand(calls.at(-1)!)} 的 ${v.pct(at(equity, calls.at(-1)!))}：有位置时，足以看翻牌而不把底池做大。`,
          es: (v) =>
            `Los calls${v.spoken ? ', las manos verdes,' : ` (${classList(calls)})`} ganan desde el ${v.pct(at(equity, calls[0]!))} de ${v.hand(calls[0]!)} hasta el ${v.pct(at(equity, calls.at(-1)!))} de ${v.hand(calls.at(-1)!)}: en posición, suficiente para ver el flop sin inflar el bote.`,
        },
      ],
    ),
    ...callGroups(calls),
    segment({ cells, highlight: [bestFold], panel: eqPanel(bestFold, equity, LOSS) }, [
      {
        en: (v) =>
          `The best of the folds is ${v.hand(bestFold)}, at ${v.pct(at(equity, bestFold))}: both blinds still act behind, and it is often dominated by the cutoff’s better hands.`,
        ru: (v) =>
          `Лучший из фолдов — ${v.hand(bestFold)}, ${v.pct(at(equity, bestFold))}: позади ещё оба блайнда, и эта рука часто доминируется лучшими руками катоффа.`,
        zh: (v) =>
          `弃牌里最好的是 ${v.hand(bestFold)}，胜率 ${v.pct(at(equity, bestFold))}：后面还有两个盲注，而且它常被关煞位更好的牌压制。`,
        es: (v) =>
          `La mejor de las que se tiran es ${v.hand(bestFold)}, con el ${v.pct(at(equity, bestFold))}: las dos ciegas aún hablan detrás, y a menudo está dominada por las mejores manos del cutoff.`,
      },
    ]),
    segment({ cells }, [
      {
        en: () =>
          'So the button 3-bets the hands that are ahead and the ones that block the cutoff’s best hands, calls the hands that play well in position, and folds the offsuit hands that are dominated.',
        ru: () =>
          'Итак, баттон делает 3-бет с руками, которые впереди, и с теми, что блокируют лучшие руки катоффа, коллирует руками, которые хорошо играют в позиции, и сбрасывает доминируемые разномастные руки.',
        zh: () =>
          '所以按钮位用领先的牌和能阻断关煞位最强牌的牌做 3-bet，用有位置时打得好的牌跟注，弃掉被压制的杂色牌。',
        es: () =>
          'Así que el botón hace 3-bet con las manos que van por delante y con las que bloquean las mejores del cutoff, paga con las que juegan bien en posición y tira las offsuit dominadas.',
      },
      {
        en: () =>
          'Against a tighter opener, 3-bet fewer bluffs and call less; against a looser one, 3-bet more for value.',
        ru: () =>
          'Против более тайтового открывающего делайте меньше 3-бетов-блефов и реже коллируйте; против более лузового — чаще делайте 3-бет на вэлью.',
        zh: () => '面对开局更紧的对手，少做诈唬 3-bet、少跟注；面对更松的对手，多做价值 3-bet。',
        es: () =>
          'Contra quien abre más ajustado, menos 3-bets de farol y menos calls; contra quien abre más suelto, más 3-bets por valor.',
      },
    ]),
  ];
  return {
    titles: {
      'en-US': 'Three-betting for value and as a bluff',
      'ru-RU': '3-бет на вэлью и как блеф',
      'zh-CN': '价值 3-bet 与诈唬 3-bet',
      'es-ES': '3-bet por valor y de farol',
    },
    script: { segments },
  };
}
