// The short-stack course, continued: the big blind's calls against the 10bb push, the price of a call and each
// group's border, with the engine's equities against the push range.
import { chartShare } from './chart-share.ts';
import { FIGURES } from './figures.ts';
import { HAND_GROUPS, readGroup } from './lesson-groups.ts';
import {
  at,
  chartAt,
  frameCells,
  handPanel,
  type Line,
  MUTED,
  panelPct,
  type SeedLesson,
  segment,
} from './lesson-script.ts';
import {
  CALL_10BB,
  callGain,
  CHIPS_10BB,
  groupLine,
  mixedIn,
  PUSH_10BB,
  TITLE_PANEL,
} from './lessons-pushfold.ts';
import { pushFold } from './pushfold-pack.ts';
import { PUSH_FOLD_STACKS } from './spots.ts';

const NEEDS = FIGURES.bubble.chip_call_needs;

function callWalk() {
  return HAND_GROUPS.map((group) => {
    const reading = readGroup(group, CHIPS_10BB.call, callGain);
    const lines: Line[] = [groupLine(reading, 'call')];
    const panel = [];
    const { closestPlayed: called, closestFolded: folded } = reading;
    if (called) {
      const [eq, gain] = [at(CHIPS_10BB.eq_vs_push, called), at(callGain, called)];
      lines.push({
        en: (v) =>
          `${v.hand(called)} wins ${v.pct(eq)} against the pushing range, above the ${v.pct(NEEDS, 0)} a call needs: calling is worth ${v.bb(gain)} more than folding.`,
        ru: (v) =>
          `${v.hand(called)} выигрывает ${v.pct(eq)} против диапазона олл-ина — больше ${v.pct(NEEDS, 0)}, нужных для колла: колл выгоднее фолда на ${v.bb(gain)}.`,
        zh: (v) =>
          `${v.hand(called)} 对全下范围的胜率是 ${v.pct(eq)}，高于跟注所需的 ${v.pct(NEEDS, 0)}：跟注比弃牌多赚 ${v.bb(gain)}。`,
        es: (v) =>
          `${v.hand(called)} gana el ${v.pct(eq)} contra el rango de all-in, más del ${v.pct(NEEDS, 0)} que pide el call: pagar vale ${v.bb(gain)} más que retirarse.`,
      });
      panel.push(...handPanel(called, eq, gain));
    }
    if (folded) {
      const [eq, loss] = [at(CHIPS_10BB.eq_vs_push, folded), -at(callGain, folded)];
      lines.push({
        en: (v) =>
          `${v.hand(folded)} wins ${v.pct(eq)}, short of ${v.pct(NEEDS, 0)}: a call would cost ${v.bb(loss)} more than a fold.`,
        ru: (v) =>
          `${v.hand(folded)} выигрывает ${v.pct(eq)}, меньше ${v.pct(NEEDS, 0)}: колл стоил бы на ${v.bb(loss)} больше фолда.`,
        zh: (v) =>
          `${v.hand(folded)} 的胜率是 ${v.pct(eq)}，不到 ${v.pct(NEEDS, 0)}：跟注会比弃牌多亏 ${v.bb(loss)}。`,
        es: (v) =>
          `${v.hand(folded)} gana el ${v.pct(eq)}, por debajo del ${v.pct(NEEDS, 0)}: pagar costaría ${v.bb(loss)} más que retirarse.`,
      });
      panel.push(...handPanel(folded, eq, -loss));
    }
    return segment({ cells: frameCells(CALL_10BB), highlight: group.byHigh.flat(), panel }, lines);
  });
}

export function callLesson(): SeedLesson {
  const [pushShare, callShare] = [chartShare(PUSH_10BB), chartShare(CALL_10BB)];
  const [mixed] = mixedIn(CHIPS_10BB.call);
  const byStack = PUSH_FOLD_STACKS.map((stack) => ({
    stack,
    share: chartShare(chartAt(pushFold, ['BB call vs SB push', `${stack}bb`])),
    needs: (stack - 1) / (2 * stack),
  }));
  const segments = [
    segment({ cells: frameCells(PUSH_10BB), panel: TITLE_PANEL('SB 10bb', pushShare) }, [
      {
        en: (v) =>
          `Now the other seat: the big blind faces an all-in of ten big blinds from a small blind who pushes ${v.pct(pushShare)} of hands.`,
        ru: (v) =>
          `Теперь другое место: большой блайнд против олл-ина в десять больших блайндов от малого блайнда, который пушит ${v.pct(pushShare)} рук.`,
        zh: (v) => `现在换到另一个位置：大盲面对小盲十个大盲的全下，小盲全下 ${v.pct(pushShare)} 的手牌。`,
        es: (v) =>
          `Ahora el otro asiento: la ciega grande se enfrenta a un all-in de diez ciegas grandes de una ciega pequeña que va all-in con el ${v.pct(pushShare)} de las manos.`,
      },
      {
        en: () =>
          'One big blind of his is already in the pot; calling costs nine more, to win the small blind’s ten and his own one back.',
        ru: () =>
          'Один большой блайнд уже в банке; колл стоит ещё девять, чтобы выиграть десять малого блайнда и вернуть свой.',
        zh: () => '他已经有一个大盲在底池里；跟注还要再付九个，赢得小盲的十个并拿回自己的一个。',
        es: () =>
          'Ya tiene una ciega grande en el bote; pagar cuesta nueve más, para ganar las diez de la ciega pequeña y recuperar la suya.',
      },
      {
        en: (v) =>
          `Nine to win eleven: a call breaks even with ${v.pct(NEEDS, 0)} equity against the pushing range.`,
        ru: (v) =>
          `Девять, чтобы выиграть одиннадцать: колл окупается при ${v.pct(NEEDS, 0)} эквити против диапазона олл-ина.`,
        zh: (v) => `付九赢十一：对全下范围有 ${v.pct(NEEDS, 0)} 的胜率，跟注就不亏。`,
        es: (v) =>
          `Nueve para ganar once: pagar sale a la par con un ${v.pct(NEEDS, 0)} de equity contra el rango de all-in.`,
      },
    ]),
    segment({ cells: frameCells(CALL_10BB), panel: TITLE_PANEL('BB 10bb', callShare) }, [
      {
        en: (v) => `The engine’s chart calls with ${v.pct(callShare)} of hands. Let us walk through it.`,
        ru: (v) => `Чарт движка коллирует с ${v.pct(callShare)} рук. Пройдём по нему.`,
        zh: (v) => `引擎的图表用 ${v.pct(callShare)} 的手牌跟注。我们逐组来看。`,
        es: (v) => `La tabla del motor paga con el ${v.pct(callShare)} de las manos. Vamos a recorrerla.`,
      },
    ]),
    ...callWalk(),
  ];
  if (mixed) {
    const freq = at(CHIPS_10BB.call, mixed);
    segments.push(
      segment(
        {
          cells: frameCells(CALL_10BB),
          highlight: [mixed],
          panel: [
            { text: mixed, size: 3 },
            { text: panelPct(at(CHIPS_10BB.eq_vs_push, mixed)), color: MUTED },
          ],
        },
        [
          {
            en: (v) =>
              `${v.hand(mixed)} wins exactly ${v.pct(at(CHIPS_10BB.eq_vs_push, mixed))}: calling and folding are worth the same, and the chart calls it ${v.pct(freq, 0)} of the time.`,
            ru: (v) =>
              `${v.hand(mixed)} выигрывает ровно ${v.pct(at(CHIPS_10BB.eq_vs_push, mixed))}: колл и фолд стоят одинаково, и чарт коллирует с ней в ${v.pct(freq, 0)} случаев.`,
            zh: (v) =>
              `${v.hand(mixed)} 的胜率恰好是 ${v.pct(at(CHIPS_10BB.eq_vs_push, mixed))}：跟注和弃牌价值相同，图表有 ${v.pct(freq, 0)} 的时间跟注。`,
            es: (v) =>
              `${v.hand(mixed)} gana exactamente el ${v.pct(at(CHIPS_10BB.eq_vs_push, mixed))}: pagar y retirarse valen lo mismo, y la tabla la paga el ${v.pct(freq, 0)} de las veces.`,
          },
        ],
      ),
    );
  }
  const [five, , , twenty] = [...byStack].sort((a, b) => a.stack - b.stack);
  segments.push(
    segment(
      {
        cells: frameCells(CALL_10BB),
        panel: byStack.map(({ stack, share }) => ({ text: `${stack}bb ${panelPct(share)}`, color: MUTED })),
      },
      [
        {
          en: (v) =>
            `The price changes with the stacks: at five big blinds a call needs ${v.pct(five!.needs, 0)} and the big blind calls ${v.pct(five!.share)} of hands; at twenty it needs ${v.pct(twenty!.needs, 1)} and he calls ${v.pct(twenty!.share)}.`,
          ru: (v) =>
            `Цена зависит от стеков: при пяти больших блайндах для колла нужно ${v.pct(five!.needs, 0)}, и большой блайнд коллирует ${v.pct(five!.share)} рук; при двадцати нужно ${v.pct(twenty!.needs, 1)}, и он коллирует ${v.pct(twenty!.share)}.`,
          zh: (v) =>
            `价格随筹码变化：五个大盲时跟注需要 ${v.pct(five!.needs, 0)}，大盲跟注 ${v.pct(five!.share)} 的手牌；二十个大盲时需要 ${v.pct(twenty!.needs, 1)}，他跟注 ${v.pct(twenty!.share)}。`,
          es: (v) =>
            `El precio cambia con los stacks: con cinco ciegas grandes pagar pide un ${v.pct(five!.needs, 0)} y la ciega grande paga el ${v.pct(five!.share)} de las manos; con veinte pide un ${v.pct(twenty!.needs, 1)} y paga el ${v.pct(twenty!.share)}.`,
        },
        {
          en: () =>
            'The blind already in the pot is a smaller part of a deeper stack, so deeper stacks call tighter.',
          ru: () =>
            'Блайнд, уже лежащий в банке, — меньшая доля глубокого стека, поэтому с глубокими стеками коллируют уже.',
          zh: () => '已经在底池里的盲注只占深筹码的一小部分，所以筹码越深，跟注越紧。',
          es: () =>
            'La ciega que ya está en el bote es una parte menor de un stack profundo, así que con más fichas se paga más ajustado.',
        },
      ],
    ),
  );
  return {
    titles: {
      'en-US': 'Calling a shove: the big blind’s chart',
      'ru-RU': 'Колл олл-ина: чарт большого блайнда',
      'zh-CN': '跟注全下：大盲的图表',
      'es-ES': 'Pagar un all-in: la tabla de la ciega grande',
    },
    script: { segments },
  };
}
