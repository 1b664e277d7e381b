// The short-stack course's last lesson: the bubble under ICM against chip EV, from the engine's prize equities
// (Malmuth-Harville) and its ICM push/fold equilibrium on the pack's bubble charts.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import { addedClasses, chartShare, classList } from './chart-share.ts';
import { FIGURES } from './figures.ts';
import { HAND_GROUPS, readGroup } from './lesson-groups.ts';
import {
  at,
  chartAt,
  frameCells,
  type Line,
  LOSS,
  MUTED,
  panelPct,
  type SeedLesson,
  segment,
} from './lesson-script.ts';
import { ruPlural, type Voice } from './lesson-voice.ts';
import { CALL_10BB, callGain, CHIPS_10BB, PUSH_10BB } from './lessons-pushfold.ts';
import { pushFold } from './pushfold-pack.ts';

/** The groups whose calls the bubble cuts: the chip border against the ICM border, with the new border's equity. */
function bubbleWalk(bubbleCall: ReturnType<typeof chartAt>) {
  const bubble = FIGURES.bubble;
  const icmGain = bubble.call_ev.map((ev) => ev - bubble.call_fold_ev);
  return HAND_GROUPS.flatMap((group) => {
    const chip = readGroup(group, CHIPS_10BB.call, callGain);
    const icm = readGroup(group, bubble.call, icmGain);
    if (chip.played === 0 || chip.played === icm.played) return [];
    const folded = icm.closestFolded!;
    const eq = at(bubble.eq_vs_push, folded);
    const chipBorder = (v: Voice) => v.hands(chip.borders);
    const lines: Line[] = [
      icm.played === 0
        ? {
            en: (v) =>
              `${group.names['en-US']}: in chips they call down to ${chipBorder(v)}; on the bubble none of them calls.`,
            ru: (v) =>
              `${group.names['ru-RU']}: в фишках колл вплоть до ${chipBorder(v)}; на пузыре не коллирует ни одна.`,
            zh: (v) => `${group.names['zh-CN']}：按筹码跟注到 ${chipBorder(v)} 为止；在泡沫圈一手都不跟。`,
            es: (v) =>
              `${group.names['es-ES']}: en fichas pagan hasta ${chipBorder(v)}; en la burbuja no paga ninguna.`,
          }
        : {
            en: (v) =>
              `${group.names['en-US']}: in chips they call down to ${chipBorder(v)}; on the bubble only down to ${v.hands(icm.borders)}.`,
            ru: (v) =>
              `${group.names['ru-RU']}: в фишках колл вплоть до ${chipBorder(v)}; на пузыре только до ${v.hands(icm.borders)}.`,
            zh: (v) =>
              `${group.names['zh-CN']}：按筹码跟注到 ${chipBorder(v)} 为止；在泡沫圈只跟到 ${v.hands(icm.borders)}。`,
            es: (v) =>
              `${group.names['es-ES']}: en fichas pagan hasta ${chipBorder(v)}; en la burbuja solo hasta ${v.hands(icm.borders)}.`,
          },
      {
        en: (v) =>
          `${v.hand(folded)} wins ${v.pct(eq)} against the bubble pushes: short of ${v.pct(bubble.call_needs)}.`,
        ru: (v) =>
          `${v.hand(folded)} выигрывает ${v.pct(eq)} против олл-инов на пузыре: меньше ${v.pct(bubble.call_needs)}.`,
        zh: (v) =>
          `${v.hand(folded)} 对泡沫圈全下范围的胜率是 ${v.pct(eq)}：不到 ${v.pct(bubble.call_needs)}。`,
        es: (v) =>
          `${v.hand(folded)} gana el ${v.pct(eq)} contra los all-in de la burbuja: por debajo del ${v.pct(bubble.call_needs)}.`,
      },
    ];
    const panel = [
      { text: folded, size: 3 as const },
      { text: panelPct(eq), color: LOSS },
      { text: `< ${panelPct(bubble.call_needs)}`, color: MUTED },
    ];
    return [segment({ cells: frameCells(bubbleCall), highlight: group.byHigh.flat(), panel }, lines)];
  });
}

export function bubbleLesson(): SeedLesson {
  const bubble = FIGURES.bubble;
  const BUBBLE_PUSH = chartAt(pushFold, ['Bubble: 3 left, 2 paid (ICM)', 'SB push 10bb']);
  const BUBBLE_CALL = chartAt(pushFold, ['Bubble: 3 left, 2 paid (ICM)', 'BB call 10bb']);
  const [push, call] = [chartShare(BUBBLE_PUSH), chartShare(BUBBLE_CALL)];
  const [chipPush, chipCall] = [chartShare(PUSH_10BB), chartShare(CALL_10BB)];
  const premium = bubble.call_needs - bubble.chip_call_needs;
  // The strongest class a chip-EV big blind calls and a bubble big blind folds, against the bubble's wider pushes.
  const dropped = HAND_CLASSES.filter(
    (hand) => at(CHIPS_10BB.call, hand) > 0 && at(bubble.call, hand) === 0,
  ).sort((a, b) => at(bubble.eq_vs_push, b) - at(bubble.eq_vs_push, a))[0]!;
  const added = addedClasses(PUSH_10BB, BUBBLE_PUSH);
  const calls = classList(HAND_CLASSES.filter((hand) => at(bubble.call, hand) > 0));
  const examples = added.filter((hand, index) => index % Math.ceil(added.length / 4) === 0).slice(0, 4);
  const segments = [
    segment(
      {
        cells: frameCells(BUBBLE_CALL),
        panel: [
          { text: 'ICM', size: 3 },
          { text: '65% / 35%', color: MUTED },
          { text: '10bb 10bb 10bb', color: MUTED },
        ],
      },
      [
        {
          en: () =>
            'Three players are left, ten big blinds each, and only two are paid: sixty-five and thirty-five percent of the prize pool.',
          ru: () =>
            'Осталось три игрока по десять больших блайндов, а платят только двоим: шестьдесят пять и тридцать пять процентов призового фонда.',
          zh: () => '还剩三名玩家，每人十个大盲，只有两人有奖：奖池的百分之六十五和百分之三十五。',
          es: () =>
            'Quedan tres jugadores con diez ciegas grandes cada uno y solo cobran dos: el sesenta y cinco y el treinta y cinco por ciento del premio.',
        },
        {
          en: (v) =>
            `Before the hand each of them holds ${v.pct(bubble.prize_before[0]! / 100)} of the prize money: the Malmuth-Harville model the engine computes.`,
          ru: (v) =>
            `До раздачи у каждого ${v.pct(bubble.prize_before[0]! / 100)} призовых — по модели Малмута-Харвилла, которую считает движок.`,
          zh: (v) =>
            `这手牌之前，每人拥有奖金的 ${v.pct(bubble.prize_before[0]! / 100)}：这是引擎计算的 Malmuth-Harville 模型。`,
          es: (v) =>
            `Antes de la mano cada uno tiene el ${v.pct(bubble.prize_before[0]! / 100)} del premio: el modelo de Malmuth-Harville que calcula el motor.`,
        },
      ],
    ),
    segment(
      {
        cells: frameCells(BUBBLE_CALL),
        panel: [
          { text: 'CHIPS', size: 3 },
          { text: panelPct(bubble.chip_call_needs, 0), color: MUTED },
          { text: 'ICM', size: 3 },
          { text: panelPct(bubble.call_needs), color: LOSS },
        ],
      },
      [
        {
          en: (v) =>
            `In chips, the big blind calls a push with any hand that wins ${v.pct(bubble.chip_call_needs, 0)}, as in the last lesson.`,
          ru: (v) =>
            `В фишках большой блайнд коллирует олл-ин с любой рукой, выигрывающей ${v.pct(bubble.chip_call_needs, 0)}, как в прошлом уроке.`,
          zh: (v) =>
            `按筹码计算，大盲用任何胜率达到 ${v.pct(bubble.chip_call_needs, 0)} 的手牌跟注，和上一课一样。`,
          es: (v) =>
            `En fichas, la ciega grande paga un all-in con cualquier mano que gane el ${v.pct(bubble.chip_call_needs, 0)}, como en la lección anterior.`,
        },
        {
          en: (v) =>
            `In prize money, folding keeps him ${v.pct(bubble.call_fold_ev / 100)} of the pool, winning the all-in gives him ${v.pct(bubble.call_win / 100)}, and losing it sends him home with nothing.`,
          ru: (v) =>
            `В призовых фолд оставляет ему ${v.pct(bubble.call_fold_ev / 100)} фонда, выигранный олл-ин даёт ${v.pct(bubble.call_win / 100)}, а проигранный отправляет домой ни с чем.`,
          zh: (v) =>
            `按奖金计算，弃牌让他保留奖池的 ${v.pct(bubble.call_fold_ev / 100)}，赢下全下得到 ${v.pct(bubble.call_win / 100)}，输了则一无所获地出局。`,
          es: (v) =>
            `En premio, retirarse le deja el ${v.pct(bubble.call_fold_ev / 100)} del bote de premios, ganar el all-in le da el ${v.pct(bubble.call_win / 100)}, y perderlo le manda a casa sin nada.`,
        },
        {
          en: (v) =>
            `So a call needs ${v.pct(bubble.call_needs)} equity instead of ${v.pct(bubble.chip_call_needs, 0)}.`,
          ru: (v) =>
            `Поэтому для колла нужно ${v.pct(bubble.call_needs)} эквити вместо ${v.pct(bubble.chip_call_needs, 0)}.`,
          zh: (v) =>
            `所以跟注需要 ${v.pct(bubble.call_needs)} 的胜率，而不是 ${v.pct(bubble.chip_call_needs, 0)}。`,
          es: (v) =>
            `Así que pagar pide un ${v.pct(bubble.call_needs)} de equity en lugar de un ${v.pct(bubble.chip_call_needs, 0)}.`,
        },
        {
          en: (v) =>
            `The difference, ${v.num(premium * 100, 1)} points of equity, is the risk premium of the bubble: the price of being knocked out before the money.`,
          ru: (v) =>
            `Разница, ${v.num(premium * 100, 1)} пункта эквити, — это премия за риск на пузыре: цена вылета без призовых.`,
          zh: (v) =>
            `这个差额，${v.num(premium * 100, 1)} 个百分点的胜率，就是泡沫圈的风险溢价：在进钱圈之前被淘汰的代价。`,
          es: (v) =>
            `La diferencia, ${v.num(premium * 100, 1)} puntos de equity, es la prima de riesgo de la burbuja: el precio de quedar fuera antes de cobrar.`,
        },
      ],
    ),
    segment(
      {
        cells: frameCells(BUBBLE_CALL),
        panel: [
          { text: 'BB ICM', size: 3 },
          { text: panelPct(call), color: LOSS },
          { text: `BB CHIPS ${panelPct(chipCall)}`, color: MUTED },
        ],
      },
      [
        {
          // The list of hands is for the eye: read out, it would be a string of letters.
          en: (v) =>
            `The engine’s ICM chart calls with only ${v.pct(call)} of hands, against ${v.pct(chipCall)} in chips${v.spoken ? '' : `: ${calls}`}.`,
          ru: (v) =>
            `Чарт движка с ICM коллирует лишь ${v.pct(call)} рук против ${v.pct(chipCall)} в фишках${v.spoken ? '' : `: ${calls}`}.`,
          zh: (v) =>
            `引擎的 ICM 图表只用 ${v.pct(call)} 的手牌跟注，而按筹码是 ${v.pct(chipCall)}${v.spoken ? '' : `：${calls}`}。`,
          es: (v) =>
            `La tabla ICM del motor paga solo con el ${v.pct(call)} de las manos, frente al ${v.pct(chipCall)} en fichas${v.spoken ? '' : `: ${calls}`}.`,
        },
        {
          en: (v) =>
            `${v.hand(dropped)}, a call in chips, wins ${v.pct(at(bubble.eq_vs_push, dropped))} even against the wider bubble pushes: more than ${v.pct(bubble.chip_call_needs, 0)}, less than ${v.pct(bubble.call_needs)}, so it folds.`,
          ru: (v) =>
            `${v.hand(dropped)}, колл в фишках, выигрывает ${v.pct(at(bubble.eq_vs_push, dropped))} даже против более широких олл-инов на пузыре: больше ${v.pct(bubble.chip_call_needs, 0)}, но меньше ${v.pct(bubble.call_needs)}, поэтому фолд.`,
          zh: (v) =>
            `${v.hand(dropped)} 按筹码是跟注，即使面对泡沫圈更宽的全下，胜率也有 ${v.pct(at(bubble.eq_vs_push, dropped))}：高于 ${v.pct(bubble.chip_call_needs, 0)}，却低于 ${v.pct(bubble.call_needs)}，所以弃牌。`,
          es: (v) =>
            `${v.hand(dropped)}, un call en fichas, gana el ${v.pct(at(bubble.eq_vs_push, dropped))} incluso contra los all-in más amplios de la burbuja: más del ${v.pct(bubble.chip_call_needs, 0)} y menos del ${v.pct(bubble.call_needs)}, así que se tira.`,
        },
      ],
    ),
    ...bubbleWalk(BUBBLE_CALL),
    segment(
      {
        cells: frameCells(BUBBLE_PUSH),
        highlight: added,
        panel: [
          { text: 'SB ICM', size: 3 },
          { text: panelPct(push), color: LOSS },
          { text: `SB CHIPS ${panelPct(chipPush)}`, color: MUTED },
        ],
      },
      [
        {
          en: (v) =>
            `The small blind knows it, and pushes ${v.pct(push)} of hands instead of ${v.pct(chipPush)}: ${v.count(added.length)} more classes, such as ${v.hands(examples)}.`,
          ru: (v) =>
            `Малый блайнд это знает и пушит ${v.pct(push)} рук вместо ${v.pct(chipPush)}: на ${v.count(added.length)} ${ruPlural(added.length, ['класс', 'класса', 'классов'])} больше, например ${v.hands(examples)}.`,
          zh: (v) =>
            `小盲知道这一点，于是全下 ${v.pct(push)} 的手牌，而不是 ${v.pct(chipPush)}：多了 ${v.count(added.length)} 类手牌，例如 ${v.hands(examples)}。`,
          es: (v) =>
            `La ciega pequeña lo sabe y va all-in con el ${v.pct(push)} de las manos en lugar del ${v.pct(chipPush)}: ${v.count(added.length)} clases más, como ${v.hands(examples)}.`,
        },
        {
          en: () =>
            'The pusher gains because the caller must fold more often; the caller pays for every loose call, and the waiting third player collects from every bust.',
          ru: () =>
            'Пушащий выигрывает, потому что коллирующему приходится чаще сбрасывать; коллирующий платит за каждый лишний колл, а ждущий третий игрок получает выгоду от каждого вылета.',
          zh: () =>
            '全下的人获利，是因为跟注的人必须更常弃牌；跟注的人为每一次松的跟注付出代价，而等待的第三名玩家从每一次出局中获益。',
          es: () =>
            'Quien empuja gana porque quien paga debe retirarse más a menudo; quien paga lo paga en cada call flojo, y el tercer jugador que espera cobra de cada eliminación.',
        },
        {
          en: () =>
            'On a bubble, call much tighter than any chip chart, and push wider against players who must fold.',
          ru: () =>
            'На пузыре коллируйте гораздо уже любого чарта в фишках и пушьте шире против тех, кому приходится сбрасывать.',
          zh: () => '在泡沫圈，跟注要比任何筹码图表紧得多，而面对必须弃牌的玩家要更宽地全下。',
          es: () =>
            'En una burbuja, paga mucho más ajustado que cualquier tabla en fichas, y empuja más amplio contra quien tiene que retirarse.',
        },
      ],
    ),
  ];
  return {
    titles: {
      'en-US': 'ICM on the bubble against chip EV',
      'ru-RU': 'ICM на пузыре против EV в фишках',
      'zh-CN': '泡沫圈的 ICM 与筹码 EV',
      'es-ES': 'ICM en la burbuja frente a EV en fichas',
    },
    script: { segments },
  };
}
