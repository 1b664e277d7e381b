// The short-stack course: the 10bb push chart and the big blind's calls walked through group by group with the
// engine's equities and EVs (engine-figures.json), and the bubble under ICM against chip EV. Every number spoken is
// read from the figures or measured from the pack's charts.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import { chartShare } from './chart-share.ts';
import { headsUpAt } from './figures.ts';
import { HAND_GROUPS, readGroup } from './lesson-groups.ts';
import {
  at,
  chartAt,
  frameCells,
  GAIN,
  handPanel,
  type Line,
  MUTED,
  panelPct,
  type SeedLesson,
  segment,
} from './lesson-script.ts';
import type { Voice } from './lesson-voice.ts';
import { pushFold } from './pushfold-pack.ts';

const STACK = 10;
const chips = headsUpAt(STACK);
const PUSH = chartAt(pushFold, ['SB push', `${STACK}bb`]);
const CALL = chartAt(pushFold, ['BB call vs SB push', `${STACK}bb`]);

/** What pushing each class gains over folding (-0.5), and calling over folding (-1), in big blinds. */
const pushGain = chips.push_ev.map((ev) => ev + 0.5);
const callGain = chips.call_ev.map((ev) => ev + 1);
const mixedIn = (frequencies: readonly number[]) =>
  HAND_CLASSES.filter((_, i) => frequencies[i]! > 0 && frequencies[i]! < 1);

/** "Group: all 13 are pushed." / "none is" / "pushed down to X, Y." in four languages. */
function groupLine(reading: ReturnType<typeof readGroup>, verb: 'push' | 'call'): Line {
  const { group, size, played, borders, gaps } = reading;
  const push = verb === 'push';
  const extra = (v: Voice, word: Record<string, string>) =>
    gaps.length ? ` ${word[v.language]} ${v.hands(gaps)}.` : '';
  const also = { 'en-US': 'Also', 'ru-RU': 'А также', 'zh-CN': '另外还有', 'es-ES': 'También' };
  if (played === size)
    return {
      en: () => `${group.names['en-US']}: all ${size} are ${push ? 'pushed' : 'called'}.`,
      ru: () => `${group.names['ru-RU']}: ${push ? 'в олл-ин идут' : 'коллируют'} все ${size}.`,
      zh: () => `${group.names['zh-CN']}：全部 ${size} 手都${push ? '全下' : '跟注'}。`,
      es: () => `${group.names['es-ES']}: ${push ? 'van all-in' : 'pagan'} las ${size}.`,
    };
  if (played === 0)
    return {
      en: () => `${group.names['en-US']}: none is ${push ? 'pushed' : 'called'} at this stack.`,
      ru: () =>
        `${group.names['ru-RU']}: при этом стеке ${push ? 'в олл-ин не идёт' : 'не коллирует'} ни одна.`,
      zh: () => `${group.names['zh-CN']}：这个筹码深度下一手都不${push ? '全下' : '跟注'}。`,
      es: () => `${group.names['es-ES']}: con este stack ninguna ${push ? 'va all-in' : 'paga'}.`,
    };
  return {
    en: (v) =>
      `${group.names['en-US']}: ${push ? 'pushed' : 'called'} down to ${v.hands(borders)}; the rest fold.${extra(v, also)}`,
    ru: (v) =>
      `${group.names['ru-RU']}: ${push ? 'олл-ин' : 'колл'} вплоть до ${v.hands(borders)}, остальные в фолд.${extra(v, also)}`,
    zh: (v) =>
      `${group.names['zh-CN']}：${push ? '全下' : '跟注'}到 ${v.hands(borders)} 为止，其余弃牌。${extra(v, also)}`,
    es: (v) =>
      `${group.names['es-ES']}: ${push ? 'all-in' : 'call'} hasta ${v.hands(borders)}; las demás se tiran.${extra(v, also)}`,
  };
}

function pushWalk() {
  return HAND_GROUPS.map((group) => {
    const reading = readGroup(group, chips.push, pushGain);
    const lines: Line[] = [groupLine(reading, 'push')];
    const panel = [];
    const { closestPlayed: played, closestFolded: folded } = reading;
    if (played) {
      const [eq, fold, gain] = [
        at(chips.eq_vs_call, played),
        at(chips.fold_chance, played),
        at(pushGain, played),
      ];
      lines.push({
        en: (v) =>
          `Closest to the border is ${v.hand(played)}: called, it wins ${v.pct(eq)}, and the big blind folds ${v.pct(fold)} of the time, so pushing earns ${v.bb(gain)} more than folding.`,
        ru: (v) =>
          `Ближе всех к границе ${v.hand(played)}: против колла эта рука выигрывает ${v.pct(eq)}, а большой блайнд сбрасывает в ${v.pct(fold)} случаев, поэтому олл-ин приносит на ${v.bb(gain)} больше, чем фолд.`,
        zh: (v) =>
          `最接近边界的是 ${v.hand(played)}：被跟注时胜率 ${v.pct(eq)}，大盲有 ${v.pct(fold)} 的时间弃牌，所以全下比弃牌多赚 ${v.bb(gain)}。`,
        es: (v) =>
          `La más cercana al borde es ${v.hand(played)}: si la pagan gana el ${v.pct(eq)}, y la ciega grande se retira el ${v.pct(fold)} de las veces, así que el all-in gana ${v.bb(gain)} más que retirarse.`,
      });
      panel.push(...handPanel(played, eq, gain));
    }
    if (folded) {
      const [eq, loss] = [at(chips.eq_vs_call, folded), -at(pushGain, folded)];
      // Under half a hundredth of a big blind the cost rounds to nothing: said as "about the same" instead.
      const even = Math.round(loss * 100) === 0;
      lines.push({
        en: (v) =>
          `${v.hand(folded)} is the best of the folds: it wins only ${v.pct(eq)} when called, and pushing it would ${even ? 'be worth about the same as folding, to a hundredth of a big blind' : `cost ${v.bb(loss)} more than folding`}.`,
        ru: (v) =>
          `${v.hand(folded)} — лучший из фолдов: против колла выигрывает лишь ${v.pct(eq)}, и олл-ин с этой рукой ${even ? 'стоил бы почти столько же, сколько фолд, с точностью до сотой большого блайнда' : `стоил бы на ${v.bb(loss)} больше, чем фолд`}.`,
        zh: (v) =>
          `${v.hand(folded)} 是弃牌里最好的：被跟注时只有 ${v.pct(eq)} 的胜率，全下${even ? '和弃牌的价值几乎一样，相差不到百分之一个大盲' : `会比弃牌多亏 ${v.bb(loss)}`}。`,
        es: (v) =>
          `${v.hand(folded)} es la mejor de las que se tiran: si la pagan solo gana el ${v.pct(eq)}, y el all-in ${even ? 'valdría casi lo mismo que retirarse, a una centésima de ciega grande' : `costaría ${v.bb(loss)} más que retirarse`}.`,
      });
      panel.push(...handPanel(folded, eq, -loss));
    }
    return segment({ cells: frameCells(PUSH), highlight: group.byHigh.flat(), panel }, lines);
  });
}

const TITLE_PANEL = (title: string, share: number) => [
  { text: title, size: 3 as const },
  { text: panelPct(share), color: MUTED },
];

function pushLesson(): SeedLesson {
  const share = chartShare(PUSH);
  const callShare = chartShare(CALL);
  const [mixed] = mixedIn(chips.push);
  const [callMixed] = mixedIn(chips.call);
  // Card removal: a pushed class that wins less when called than a folded one, yet is pushed because the big blind
  // folds more often against it (its cards leave fewer calling hands).
  const pushed = HAND_CLASSES.filter((hand) => at(chips.push, hand) === 1);
  const folds = HAND_CLASSES.filter((hand) => at(chips.push, hand) === 0);
  let blocker: [string, string] | null = null;
  for (const low of pushed) {
    for (const high of folds) {
      const equityGap = at(chips.eq_vs_call, high) - at(chips.eq_vs_call, low);
      if (equityGap > 0 && at(chips.fold_chance, low) > at(chips.fold_chance, high)) {
        if (!blocker || equityGap > at(chips.eq_vs_call, blocker[1]) - at(chips.eq_vs_call, blocker[0]))
          blocker = [low, high];
      }
    }
  }
  const segments = [
    segment({ cells: frameCells(PUSH), panel: TITLE_PANEL('SB 10bb', share) }, [
      {
        en: () =>
          'This lesson walks through the small blind’s push chart at ten big blinds, heads-up, one group of hands at a time.',
        ru: () =>
          'В этом уроке мы пройдём чарт олл-инов малого блайнда при десяти больших блайндах один на один, группа за группой.',
        zh: () => '这节课逐组讲解单挑时小盲在十个大盲筹码下的全下图表。',
        es: () =>
          'Esta lección recorre la tabla de all-in de la ciega pequeña con diez ciegas grandes, heads-up, grupo a grupo.',
      },
      {
        en: () =>
          'Every number you will hear comes from the engine: the Nash equilibrium of the push-or-fold game, and the exact preflop equity of each hand against the big blind’s calling range.',
        ru: () =>
          'Каждое число в уроке посчитано движком: это равновесие Нэша в игре «олл-ин или фолд» и точное префлоп-эквити каждой руки против диапазона колла большого блайнда.',
        zh: () =>
          '你听到的每个数字都来自引擎：全下或弃牌博弈的纳什均衡，以及每手牌对大盲跟注范围的精确翻牌前胜率。',
        es: () =>
          'Cada número que oirás sale del motor: el equilibrio de Nash del juego de all-in o retirarse, y la equity preflop exacta de cada mano contra el rango de call de la ciega grande.',
      },
      {
        en: (v) =>
          `The chart pushes ${v.pct(share)} of all hands: ${v.count(Math.round(share * 1326))} of the 1326 starting combinations.`,
        ru: (v) =>
          `Чарт идёт в олл-ин с ${v.pct(share)} всех рук: ${v.count(Math.round(share * 1326))} из 1326 стартовых комбинаций.`,
        zh: (v) =>
          `这张图全下所有手牌的 ${v.pct(share)}：1326 个起手组合中的 ${v.count(Math.round(share * 1326))} 个。`,
        es: (v) =>
          `La tabla va all-in con el ${v.pct(share)} de las manos: ${v.count(Math.round(share * 1326))} de las 1326 combinaciones iniciales.`,
      },
    ]),
    segment({ cells: frameCells(CALL), panel: TITLE_PANEL('BB 10bb', callShare) }, [
      {
        en: () => 'Folding the small blind costs half a big blind.',
        ru: () => 'Фолд с малого блайнда стоит половину большого блайнда.',
        zh: () => '小盲弃牌的代价是半个大盲。',
        es: () => 'Retirarse desde la ciega pequeña cuesta media ciega grande.',
      },
      {
        en: () =>
          'A push wins the big blind’s one big blind whenever he folds; when he calls, both players are all in for a pot of twenty big blinds.',
        ru: () =>
          'Олл-ин забирает блайнд большого блайнда каждый раз, когда тот сбрасывает; если он коллирует, оба игрока в олл-ине за банк в двадцать больших блайндов.',
        zh: () => '大盲弃牌时，全下赢得他的一个大盲；他跟注时，双方全下争夺二十个大盲的底池。',
        es: () =>
          'El all-in gana la ciega grande cada vez que el rival se retira; si paga, ambos van all-in por un bote de veinte ciegas grandes.',
      },
      {
        en: (v) =>
          `Here the big blind calls with ${v.pct(callShare)} of hands: the chart on screen. Most pushes take the blinds at once.`,
        ru: (v) =>
          `Большой блайнд здесь коллирует с ${v.pct(callShare)} рук — это чарт на экране. Большинство олл-инов сразу забирают блайнды.`,
        zh: (v) => `这里大盲用 ${v.pct(callShare)} 的手牌跟注，就是屏幕上的图表。大多数全下会直接拿下盲注。`,
        es: (v) =>
          `Aquí la ciega grande paga con el ${v.pct(callShare)} de las manos: la tabla en pantalla. La mayoría de los all-in se llevan las ciegas al momento.`,
      },
      {
        en: () => 'A hand belongs in the push chart when pushing it is worth more than folding it.',
        ru: () => 'Рука попадает в чарт олл-инов, когда олл-ин с ней выгоднее фолда.',
        zh: () => '当全下一手牌比弃牌更有价值时，它就属于全下图表。',
        es: () => 'Una mano entra en la tabla de all-in cuando ir all-in con ella vale más que retirarse.',
      },
    ]),
    ...pushWalk(),
  ];
  if (mixed && callMixed) {
    const [freq, callFreq] = [at(chips.push, mixed), at(chips.call, callMixed)];
    segments.push(
      segment(
        {
          cells: frameCells(PUSH),
          highlight: [mixed],
          panel: [
            { text: mixed, size: 3 },
            { text: panelPct(freq, 0), color: GAIN },
          ],
        },
        [
          {
            en: (v) => `One hand is mixed: ${v.hand(mixed)} is pushed ${v.pct(freq, 0)} of the time.`,
            ru: (v) => `Одна рука смешанная: ${v.hand(mixed)} идёт в олл-ин в ${v.pct(freq, 0)} случаев.`,
            zh: (v) => `有一手牌是混合策略：${v.hand(mixed)} 有 ${v.pct(freq, 0)} 的时间全下。`,
            es: (v) => `Una mano es mixta: ${v.hand(mixed)} va all-in el ${v.pct(freq, 0)} de las veces.`,
          },
          {
            en: (v) =>
              `At equilibrium pushing it and folding it are worth exactly the same, and this frequency is what leaves the big blind’s own border hand, ${v.hand(callMixed)}, indifferent: he calls with it ${v.pct(callFreq, 0)} of the time.`,
            ru: (v) =>
              `В равновесии олл-ин и фолд с ней стоят ровно одинаково, а именно такая частота делает безразличной пограничную руку большого блайнда, ${v.hand(callMixed)}: с ней он коллирует в ${v.pct(callFreq, 0)} случаев.`,
            zh: (v) =>
              `在均衡中，这手牌全下和弃牌的价值完全相同，而正是这个频率让大盲自己的边界牌 ${v.hand(callMixed)} 跟注与弃牌无差别：他有 ${v.pct(callFreq, 0)} 的时间用它跟注。`,
            es: (v) =>
              `En el equilibrio ir all-in y retirarse con ella valen exactamente lo mismo, y esta frecuencia es la que deja indiferente a la mano frontera de la ciega grande, ${v.hand(callMixed)}: la paga el ${v.pct(callFreq, 0)} de las veces.`,
          },
        ],
      ),
    );
  }
  if (blocker) {
    const [low, high] = blocker;
    segments.push(
      segment(
        {
          cells: frameCells(PUSH),
          highlight: [low, high],
          panel: [
            ...handPanel(low, at(chips.eq_vs_call, low), at(pushGain, low)),
            ...handPanel(high, at(chips.eq_vs_call, high), at(pushGain, high)),
          ],
        },
        [
          {
            en: (v) =>
              `Why is ${v.hand(low)} pushed and ${v.hand(high)} folded, when ${v.hand(high)} wins more when called, ${v.pct(at(chips.eq_vs_call, high))} against ${v.pct(at(chips.eq_vs_call, low))}?`,
            ru: (v) =>
              `Почему ${v.hand(low)} идёт в олл-ин, а ${v.hand(high)} в фолд, если против колла ${v.hand(high)} выигрывает больше: ${v.pct(at(chips.eq_vs_call, high))} против ${v.pct(at(chips.eq_vs_call, low))}?`,
            zh: (v) =>
              `为什么 ${v.hand(low)} 全下而 ${v.hand(high)} 弃牌？被跟注时 ${v.hand(high)} 的胜率更高：${v.pct(at(chips.eq_vs_call, high))} 对 ${v.pct(at(chips.eq_vs_call, low))}。`,
            es: (v) =>
              `¿Por qué ${v.hand(low)} va all-in y ${v.hand(high)} se tira, si ${v.hand(high)} gana más cuando la pagan, el ${v.pct(at(chips.eq_vs_call, high))} frente al ${v.pct(at(chips.eq_vs_call, low))}?`,
          },
          {
            en: (v) =>
              `Card removal: the cards of ${v.hand(low)} are the ones the big blind calls with, so holding them he folds ${v.pct(at(chips.fold_chance, low))} of the time, against ${v.pct(at(chips.fold_chance, high))} facing ${v.hand(high)}.`,
            ru: (v) =>
              `Дело в блокерах: карты ${v.hand(low)} — это те карты, с которыми большой блайнд коллирует, поэтому против этой руки он сбрасывает в ${v.pct(at(chips.fold_chance, low))} случаев, а против ${v.hand(high)} — в ${v.pct(at(chips.fold_chance, high))}.`,
            zh: (v) =>
              `原因是阻断效应：${v.hand(low)} 的牌正是大盲用来跟注的牌，所以面对它，大盲有 ${v.pct(at(chips.fold_chance, low))} 的时间弃牌，而面对 ${v.hand(high)} 只有 ${v.pct(at(chips.fold_chance, high))}。`,
            es: (v) =>
              `Por las cartas bloqueadas: las de ${v.hand(low)} son las que la ciega grande usa para pagar, así que frente a ella se retira el ${v.pct(at(chips.fold_chance, low))} de las veces, y frente a ${v.hand(high)} el ${v.pct(at(chips.fold_chance, high))}.`,
          },
          {
            en: () => 'The extra folds are worth more than the lost equity.',
            ru: () => 'Дополнительные фолды стоят больше, чем потерянное эквити.',
            zh: () => '多出来的弃牌比损失的胜率更值钱。',
            es: () => 'Los retiros de más valen más que la equity perdida.',
          },
        ],
      ),
    );
  }
  segments.push(
    segment({ cells: frameCells(PUSH), panel: TITLE_PANEL('SB 10bb', share) }, [
      {
        en: () =>
          'The middle of the chart is clear; the money is won or lost at its borders, so learn the last hand of each group.',
        ru: () =>
          'Середина чарта очевидна; деньги выигрываются и проигрываются на его границах, поэтому запомните последнюю руку каждой группы.',
        zh: () => '图表的中间部分一目了然；钱是在边界上赢或输的，所以要记住每一组的最后一手牌。',
        es: () =>
          'El centro de la tabla está claro; el dinero se gana o se pierde en sus bordes, así que aprende la última mano de cada grupo.',
      },
      {
        en: () =>
          'Against a big blind who calls tighter than this chart, push wider; against one who calls wider, take the weakest pushes out.',
        ru: () =>
          'Против большого блайнда, который коллирует уже этого чарта, пушьте шире; против того, кто коллирует шире, уберите самые слабые олл-ины.',
        zh: () => '如果大盲跟注比这张图更紧，就更宽地全下；如果他跟注更宽，就去掉最弱的全下。',
        es: () =>
          'Contra una ciega grande que paga más ajustado que esta tabla, ve all-in más amplio; contra una que paga más, quita los all-in más débiles.',
      },
    ]),
  );
  return {
    titles: {
      'en-US': 'The 10bb push chart, class by class',
      'ru-RU': 'Чарт олл-инов на 10bb класс за классом',
      'zh-CN': '逐类讲解 10bb 全下图表',
      'es-ES': 'La tabla de all-in con 10bb, clase por clase',
    },
    script: { segments },
  };
}

export {
  CALL as CALL_10BB,
  callGain,
  chips as CHIPS_10BB,
  groupLine,
  mixedIn,
  PUSH as PUSH_10BB,
  pushLesson,
  TITLE_PANEL,
};
