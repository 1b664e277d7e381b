// The preflop course's last lesson: the big blind's defence against the button by price, group by group, with each
// hand's equity (the engine's) against the button's whole opening range.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import { BB_VS_BTN, CALL, openChart, RAISE } from './cash-packs.ts';
import { cellWeight, chartShare, classList } from './chart-share.ts';
import { FIGURES } from './figures.ts';
import { HAND_GROUPS, readGroup } from './lesson-groups.ts';
import {
  at,
  frameCells,
  GAIN,
  type Line,
  LOSS,
  MUTED,
  panelPct,
  type SeedLesson,
  segment,
} from './lesson-script.ts';
import { ruPlural } from './lesson-voice.ts';
import { eqPanel, folded, mixedOf, only, sorted, VALUE_EQUITY } from './lessons-defence.ts';

const cash = FIGURES.cash;

/** The big blind's defence group by group: its border, the weakest hand defended and the best one folded. */
function defenceWalk() {
  const equity = cash.vs_btn_open;
  const defended = HAND_CLASSES.map((hand) => cellWeight(BB_VS_BTN, hand));
  const cells = frameCells(BB_VS_BTN);
  return HAND_GROUPS.map((group) => {
    const reading = readGroup(group, defended, equity);
    const { closestPlayed: low, closestFolded: high, played, size, borders } = reading;
    const name = group.names;
    const lines: Line[] = [
      played === size
        ? {
            en: (v) =>
              `${name['en-US']}: all defended; the weakest, ${v.hand(low!)}, wins ${v.pct(at(equity, low!))}.`,
            ru: (v) =>
              `${name['ru-RU']}: защищаются все; самая слабая, ${v.hand(low!)}, выигрывает ${v.pct(at(equity, low!))}.`,
            zh: (v) => `${name['zh-CN']}：全部防守；最弱的 ${v.hand(low!)} 胜率 ${v.pct(at(equity, low!))}。`,
            es: (v) =>
              `${name['es-ES']}: se defienden todas; la más débil, ${v.hand(low!)}, gana el ${v.pct(at(equity, low!))}.`,
          }
        : played === 0
          ? {
              en: (v) =>
                `${name['en-US']}: all folded, though ${v.hand(high!)} wins ${v.pct(at(equity, high!))}.`,
              ru: (v) =>
                `${name['ru-RU']}: все в фолд, хотя ${v.hand(high!)} выигрывает ${v.pct(at(equity, high!))}.`,
              zh: (v) =>
                `${name['zh-CN']}：全部弃牌，尽管 ${v.hand(high!)} 的胜率有 ${v.pct(at(equity, high!))}。`,
              es: (v) =>
                `${name['es-ES']}: todas se tiran, aunque ${v.hand(high!)} gana el ${v.pct(at(equity, high!))}.`,
            }
          : {
              en: (v) =>
                `${name['en-US']}: defended down to ${v.hands(borders)}. ${v.hand(low!)} wins ${v.pct(at(equity, low!))}; ${v.hand(high!)}, folded, wins ${v.pct(at(equity, high!))}.`,
              ru: (v) =>
                `${name['ru-RU']}: защита вплоть до ${v.hands(borders)}. ${v.hand(low!)} выигрывает ${v.pct(at(equity, low!))}; ${v.hand(high!)} сбрасывается, выигрывая ${v.pct(at(equity, high!))}.`,
              zh: (v) =>
                `${name['zh-CN']}：防守到 ${v.hands(borders)} 为止。${v.hand(low!)} 胜率 ${v.pct(at(equity, low!))}；${v.hand(high!)} 弃牌，胜率 ${v.pct(at(equity, high!))}。`,
              es: (v) =>
                `${name['es-ES']}: se defienden hasta ${v.hands(borders)}. ${v.hand(low!)} gana el ${v.pct(at(equity, low!))}; ${v.hand(high!)}, que se tira, gana el ${v.pct(at(equity, high!))}.`,
            },
    ];
    const panel = [...(low ? eqPanel(low, equity, GAIN) : []), ...(high ? eqPanel(high, equity, LOSS) : [])];
    return segment({ cells, highlight: group.byHigh.flat(), panel }, lines);
  });
}

export function bigBlindLesson(): SeedLesson {
  const equity = cash.vs_btn_open;
  const btn = openChart('BTN');
  const price = 1.5 / 5.5;
  const defended = chartShare(BB_VS_BTN);
  const [raises, calls] = [chartShare(BB_VS_BTN, RAISE), chartShare(BB_VS_BTN, CALL)];
  const pureCalls = sorted(only(BB_VS_BTN, CALL), equity);
  const [weakest, nextWeakest] = [pureCalls[0]!, pureCalls[1]!];
  const foldsAbove = sorted(
    folded(BB_VS_BTN).filter((hand) => at(equity, hand) > price),
    equity,
  ).reverse();
  // A suited call that wins less than an offsuit fold: what a hand makes after the flop, not its equity alone.
  const suitedCall = pureCalls.find(
    (hand) =>
      hand.endsWith('s') &&
      foldsAbove.some((fold) => fold.endsWith('o') && at(equity, fold) > at(equity, hand)),
  )!;
  const offsuitFold = foldsAbove.find(
    (fold) => fold.endsWith('o') && at(equity, fold) > at(equity, suitedCall),
  )!;
  const threeBets = sorted(only(BB_VS_BTN, RAISE), equity).reverse();
  const value = threeBets.filter((hand) => at(equity, hand) >= VALUE_EQUITY);
  const bluffs = threeBets.filter((hand) => at(equity, hand) < VALUE_EQUITY);
  const mixes = mixedOf(BB_VS_BTN);
  const cells = frameCells(BB_VS_BTN);
  const segments = [
    segment(
      {
        cells: frameCells(btn),
        panel: [
          { text: 'BTN', size: 3 },
          { text: panelPct(chartShare(btn)), color: MUTED },
          { text: `1.5 / 5.5 = ${panelPct(price)}`, color: MUTED },
        ],
      },
      [
        {
          en: (v) =>
            `The button opens to two and a half big blinds with ${v.pct(chartShare(btn))} of hands, and the small blind folds.`,
          ru: (v) =>
            `Баттон открывается на два с половиной больших блайнда с ${v.pct(chartShare(btn))} рук, малый блайнд сбрасывает.`,
          zh: (v) => `按钮位用 ${v.pct(chartShare(btn))} 的手牌加注到两个半大盲，小盲弃牌。`,
          es: (v) =>
            `El botón abre a dos ciegas grandes y media con el ${v.pct(chartShare(btn))} de las manos, y la ciega pequeña se retira.`,
        },
        {
          en: (v) =>
            `The pot holds four big blinds; you pay one and a half to win it, so a call breaks even with ${v.pct(price)} equity, if you kept all of it.`,
          ru: (v) =>
            `В банке четыре больших блайнда; вы платите полтора, чтобы его выиграть, поэтому колл окупается при ${v.pct(price)} эквити, если бы вы реализовали его целиком.`,
          zh: (v) =>
            `底池有四个大盲；你付一个半大盲去争夺它，所以只要能实现全部胜率，${v.pct(price)} 的胜率跟注就不亏。`,
          es: (v) =>
            `El bote tiene cuatro ciegas grandes; pagas una y media para ganarlo, así que pagar sale a la par con un ${v.pct(price)} de equity, si la realizaras entera.`,
        },
      ],
    ),
    segment(
      {
        cells,
        panel: [
          { text: 'BB', size: 3 },
          { text: panelPct(defended), color: MUTED },
        ],
      },
      [
        {
          en: (v) =>
            `The big blind defends ${v.pct(defended)} of hands: it 3-bets ${v.pct(raises)} and calls ${v.pct(calls)}.`,
          ru: (v) =>
            `Большой блайнд защищает ${v.pct(defended)} рук: 3-бет ${v.pct(raises)} и колл ${v.pct(calls)}.`,
          zh: (v) => `大盲防守 ${v.pct(defended)} 的手牌：3-bet ${v.pct(raises)}，跟注 ${v.pct(calls)}。`,
          es: (v) =>
            `La ciega grande defiende el ${v.pct(defended)} de las manos: 3-bet con el ${v.pct(raises)} y call con el ${v.pct(calls)}.`,
        },
        {
          en: (v) =>
            `The weakest calls, ${v.hand(weakest)} and ${v.hand(nextWeakest)}, win ${v.pct(at(equity, weakest))} and ${v.pct(at(equity, nextWeakest))} against the button’s range: above the price.`,
          ru: (v) =>
            `Самые слабые коллы, ${v.hand(weakest)} и ${v.hand(nextWeakest)}, выигрывают ${v.pct(at(equity, weakest))} и ${v.pct(at(equity, nextWeakest))} против диапазона баттона — больше цены.`,
          zh: (v) =>
            `最弱的跟注牌 ${v.hand(weakest)} 和 ${v.hand(nextWeakest)} 对按钮位范围的胜率是 ${v.pct(at(equity, weakest))} 和 ${v.pct(at(equity, nextWeakest))}：高于价格。`,
          es: (v) =>
            `Los calls más débiles, ${v.hand(weakest)} y ${v.hand(nextWeakest)}, ganan el ${v.pct(at(equity, weakest))} y el ${v.pct(at(equity, nextWeakest))} contra el rango del botón: por encima del precio.`,
        },
      ],
    ),
    ...defenceWalk(),
    segment(
      {
        cells,
        highlight: foldsAbove,
        panel: [...eqPanel(offsuitFold, equity, LOSS), ...eqPanel(suitedCall, equity, GAIN)],
      },
      [
        {
          en: (v) =>
            `Yet ${v.count(foldsAbove.length)} hand classes that win more than ${v.pct(price)} are folded, the best of them ${v.hands(foldsAbove.slice(0, 3))}.`,
          ru: (v) =>
            `И всё же ${v.count(foldsAbove.length)} ${ruPlural(foldsAbove.length, ['класс', 'класса', 'классов'])} рук, выигрывающих больше ${v.pct(price)}, сбрасываются; лучшие из них — ${v.hands(foldsAbove.slice(0, 3))}.`,
          zh: (v) =>
            `然而有 ${v.count(foldsAbove.length)} 类胜率高于 ${v.pct(price)} 的手牌被弃掉，其中最好的是 ${v.hands(foldsAbove.slice(0, 3))}。`,
          es: (v) =>
            `Aun así se tiran ${v.count(foldsAbove.length)} clases de manos que ganan más del ${v.pct(price)}; las mejores, ${v.hands(foldsAbove.slice(0, 3))}.`,
        },
        {
          en: (v) =>
            `Out of position, a hand keeps only part of its equity. ${v.hand(suitedCall)} calls with ${v.pct(at(equity, suitedCall))} while ${v.hand(offsuitFold)} folds with ${v.pct(at(equity, offsuitFold))}: the suited hand makes flushes and straights that win big pots, the offsuit one mostly weak pairs.`,
          ru: (v) =>
            `Без позиции рука реализует лишь часть своего эквити. ${v.hand(suitedCall)} коллирует с ${v.pct(at(equity, suitedCall))}, а ${v.hand(offsuitFold)} сбрасывается с ${v.pct(at(equity, offsuitFold))}: одномастная рука собирает флеши и стриты, которые выигрывают большие банки, разномастная — в основном слабые пары.`,
          zh: (v) =>
            `没有位置时，一手牌只能实现部分胜率。${v.hand(suitedCall)} 以 ${v.pct(at(equity, suitedCall))} 跟注，而 ${v.hand(offsuitFold)} 以 ${v.pct(at(equity, offsuitFold))} 弃牌：同花牌能做成赢大底池的同花和顺子，杂色牌大多只是弱对子。`,
          es: (v) =>
            `Sin posición, una mano realiza solo parte de su equity. ${v.hand(suitedCall)} paga con el ${v.pct(at(equity, suitedCall))} mientras ${v.hand(offsuitFold)} se tira con el ${v.pct(at(equity, offsuitFold))}: la suited liga colores y escaleras que ganan botes grandes, la offsuit sobre todo parejas flojas.`,
        },
      ],
    ),
    segment(
      {
        cells,
        highlight: [...value, ...bluffs],
        panel: [...eqPanel(value.at(-1)!, equity, GAIN), ...eqPanel(bluffs[0]!, equity, LOSS)],
      },
      [
        {
          en: (v) =>
            `The 3-bets for value${v.spoken ? '' : `, ${classList(value)},`} win from ${v.pct(at(equity, value.at(-1)!))} to ${v.pct(at(equity, value[0]!))}; ${v.hands(bluffs)} 3-bet as bluffs that play well when called.`,
          ru: (v) =>
            `3-беты на вэлью${v.spoken ? '' : ` (${classList(value)})`} выигрывают от ${v.pct(at(equity, value.at(-1)!))} до ${v.pct(at(equity, value[0]!))}; ${v.hands(bluffs)} делают 3-бет как блеф — с ними хорошо играть и против колла.`,
          zh: (v) =>
            `价值 3-bet${v.spoken ? '' : `（${classList(value)}）`}的胜率从 ${v.pct(at(equity, value.at(-1)!))} 到 ${v.pct(at(equity, value[0]!))}；${v.hands(bluffs)} 用作诈唬 3-bet，被跟注时也打得好。`,
          es: (v) =>
            `Los 3-bets por valor${v.spoken ? '' : ` (${classList(value)})`} ganan del ${v.pct(at(equity, value.at(-1)!))} al ${v.pct(at(equity, value[0]!))}; ${v.hands(bluffs)} hacen 3-bet de farol, manos que juegan bien si las pagan.`,
        },
        {
          en: (v) => `${v.hands(mixes)} 3-bet half of the time.`,
          ru: (v) => `${v.hands(mixes)} делают 3-бет в половине случаев.`,
          zh: (v) => `${v.hands(mixes)} 一半时间 3-bet。`,
          es: (v) => `${v.hands(mixes)} hacen 3-bet la mitad de las veces.`,
        },
        {
          en: () =>
            'Defend by the price and by what a hand can make after the flop, not by its equity alone.',
          ru: () =>
            'Защищайтесь, исходя из цены и из того, что рука может собрать после флопа, а не только из её эквити.',
          zh: () => '防守要看价格和这手牌翻牌后能做成什么，而不只看它的胜率。',
          es: () =>
            'Defiende según el precio y lo que la mano puede ligar tras el flop, no solo por su equity.',
        },
      ],
    ),
  ];
  return {
    titles: {
      'en-US': 'Defending the big blind',
      'ru-RU': 'Защита большого блайнда',
      'zh-CN': '大盲防守',
      'es-ES': 'Defender la ciega grande',
    },
    script: { segments },
  };
}
