// The preflop course's first lesson, on the cash pack's opening charts: what each position opens, measured from the
// charts, and each range's equity against a random hand, computed by the engine.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import { openChart } from './cash-packs.ts';
import { addedClasses, cellWeight, chartCombos, chartShare } from './chart-share.ts';
import { FIGURES } from './figures.ts';
import { at, frameCells, type Line, MUTED, panelPct, type SeedLesson, segment } from './lesson-script.ts';
import { ruPlural } from './lesson-voice.ts';
import { OPEN_POSITIONS } from './spots.ts';

const cash = FIGURES.cash;

const BEHIND: Record<string, number> = { UTG: 5, HJ: 4, CO: 3, BTN: 2, SB: 1 };
const REASONS: Record<string, Line> = {
  UTG: {
    en: () =>
      'With five players behind, someone often holds a strong hand, so the range keeps to hands that play well when called.',
    ru: () =>
      'Позади пять игроков, и у кого-то часто сильная рука, поэтому диапазон держится рук, которые хорошо играют против колла.',
    zh: () => '后面有五名玩家，常常有人拿着强牌，所以范围只保留被跟注时也打得好的手牌。',
    es: () =>
      'Con cinco jugadores detrás, a menudo alguien tiene una mano fuerte, así que el rango se queda con manos que juegan bien cuando las pagan.',
  },
  HJ: {
    en: () =>
      'One player fewer behind: weaker suited kings, queens and jacks and the better offsuit hands join.',
    ru: () =>
      'Позади на одного игрока меньше: добавляются более слабые одномастные короли, дамы и валеты и лучшие разномастные руки.',
    zh: () => '后面少了一名玩家：较弱的同花K、同花Q、同花J和较好的杂色牌加入。',
    es: () =>
      'Un jugador menos detrás: entran reyes, damas y jotas suited más flojos y las mejores manos offsuit.',
  },
  CO: {
    en: () =>
      'Only the button and the blinds are left: most suited connectors and the offsuit broadways come in.',
    ru: () =>
      'Остались только баттон и блайнды: входят большинство одномастных коннекторов и разномастные бродвеи.',
    zh: () => '只剩按钮位和两个盲注：大多数同花连张和杂色高张加入。',
    es: () =>
      'Solo quedan el botón y las ciegas: entran casi todos los conectores suited y los broadways offsuit.',
  },
  BTN: {
    en: () =>
      'On the button you act last after the flop in every hand you play, and that is worth so much that almost half of all hands open.',
    ru: () =>
      'На баттоне после флопа вы ходите последним в каждой раздаче, и это так ценно, что открывается почти половина всех рук.',
    zh: () => '在按钮位，你玩的每一手牌翻牌后都最后行动，这非常有价值，所以几乎一半的手牌都可以开局。',
    es: () =>
      'En el botón hablas el último tras el flop en cada mano que juegas, y eso vale tanto que se abre casi la mitad de las manos.',
  },
  SB: {
    en: () =>
      'Only the big blind is behind, but the small blind plays every flop out of position, so it opens fewer hands than the button.',
    ru: () =>
      'Позади только большой блайнд, но малый блайнд играет каждый флоп без позиции, поэтому открывает меньше рук, чем баттон.',
    zh: () => '后面只有大盲，但小盲每次翻牌后都没有位置，所以开局的手牌比按钮位少。',
    es: () =>
      'Solo queda la ciega grande, pero la ciega pequeña juega cada flop sin posición, así que abre menos manos que el botón.',
  },
};

export function openingLesson(): SeedLesson {
  const positions = OPEN_POSITIONS.map((position) => ({ position, pairs: openChart(position) }));
  const segments = [
    segment({ cells: frameCells(positions[0]!.pairs) }, [
      {
        en: () =>
          'These charts say which hands to raise first in, when everyone before you has folded, at a six-handed cash table with one hundred big blinds.',
        ru: () =>
          'Эти чарты показывают, с какими руками открываться первым рейзом, когда все до вас сбросили, за кэш-столом на шесть игроков со стеком сто больших блайндов.',
        zh: () => '这些图表告诉你，在六人桌、一百个大盲的现金局里，前面的人都弃牌时，用哪些牌首先加注入池。',
        es: () =>
          'Estas tablas dicen con qué manos subir primero cuando todos los anteriores se han retirado, en una mesa de cash de seis con cien ciegas grandes.',
      },
      {
        en: () =>
          'Each one is measured: the share of the 1326 starting combinations it opens, and its equity against a random hand, computed by the engine.',
        ru: () =>
          'Каждый чарт измерен: доля из 1326 стартовых комбинаций, которые он открывает, и его эквити против случайной руки, посчитанное движком.',
        zh: () => '每张图都经过测量：它在 1326 个起手组合中开局的比例，以及引擎计算的对随机手牌的胜率。',
        es: () =>
          'Cada una está medida: la parte de las 1326 combinaciones iniciales que abre y su equity contra una mano al azar, calculada por el motor.',
      },
    ]),
  ];
  positions.forEach(({ position, pairs }, index) => {
    const share = chartShare(pairs);
    const equity = cash.open_vs_random[position]!;
    const previous = index > 0 && position !== 'SB' ? positions[index - 1]! : null;
    const added = previous ? addedClasses(previous.pairs, pairs) : [];
    const lines: Line[] = [
      {
        en: (v) =>
          `${position}, with ${v.count(BEHIND[position]!)} ${BEHIND[position] === 1 ? 'player' : 'players'} still to act: ${v.pct(share)} of hands.`,
        ru: (v) =>
          `${position}, позади ещё ${v.count(BEHIND[position]!)} ${BEHIND[position] === 1 ? 'игрок' : BEHIND[position]! < 5 ? 'игрока' : 'игроков'}: ${v.pct(share)} рук.`,
        zh: (v) => `${position}，后面还有 ${v.count(BEHIND[position]!)} 名玩家：${v.pct(share)} 的手牌。`,
        es: (v) =>
          `${position}, con ${v.count(BEHIND[position]!)} ${BEHIND[position] === 1 ? 'jugador' : 'jugadores'} por hablar: el ${v.pct(share)} de las manos.`,
      },
    ];
    if (previous) {
      const more = chartCombos(pairs) - chartCombos(previous.pairs);
      lines.push({
        en: (v) =>
          `It adds ${v.count(added.length)} hand classes to the ${previous.position} range, ${v.count(more)} combinations.`,
        ru: (v) =>
          `К диапазону ${previous.position} он добавляет ${v.count(added.length)} ${ruPlural(added.length, ['класс', 'класса', 'классов'])} рук, ${v.count(more)} ${ruPlural(more, ['комбинацию', 'комбинации', 'комбинаций'])}.`,
        zh: (v) =>
          `它在 ${previous.position} 的范围上增加了 ${v.count(added.length)} 类手牌，共 ${v.count(more)} 个组合。`,
        es: (v) =>
          `Añade ${v.count(added.length)} clases de manos al rango de ${previous.position}, ${v.count(more)} combinaciones.`,
      });
    }
    lines.push(REASONS[position]!, {
      en: (v) => `Against a random hand this range wins ${v.pct(equity)}.`,
      ru: (v) => `Против случайной руки этот диапазон выигрывает ${v.pct(equity)}.`,
      zh: (v) => `这个范围对随机手牌的胜率是 ${v.pct(equity)}。`,
      es: (v) => `Contra una mano al azar este rango gana el ${v.pct(equity)}.`,
    });
    // Its weakest hand by raw equity, next to a stronger one it leaves out: hands open for what they make after the
    // flop, not for their equity against a random hand.
    const opened = HAND_CLASSES.filter((hand) => cellWeight(pairs, hand) > 0);
    const weakest = opened.reduce((low, hand) =>
      at(cash.vs_random, hand) < at(cash.vs_random, low) ? hand : low,
    );
    const left = HAND_CLASSES.filter((hand) => cellWeight(pairs, hand) === 0 && hand.endsWith('o'));
    const strongerLeft = left.reduce((high, hand) =>
      at(cash.vs_random, hand) > at(cash.vs_random, high) ? hand : high,
    );
    if (at(cash.vs_random, strongerLeft) > at(cash.vs_random, weakest)) {
      lines.push({
        en: (v) =>
          `Its weakest hand against a random one is ${v.hand(weakest)}, at ${v.pct(at(cash.vs_random, weakest))}, while ${v.hand(strongerLeft)}, at ${v.pct(at(cash.vs_random, strongerLeft))}, is not opened: ${v.hand(weakest)} makes the straights and flushes that win big pots.`,
        ru: (v) =>
          `Самая слабая его рука против случайной — ${v.hand(weakest)}, ${v.pct(at(cash.vs_random, weakest))}, а ${v.hand(strongerLeft)} с ${v.pct(at(cash.vs_random, strongerLeft))} не открывается: ${v.hand(weakest)} собирает стриты и флеши, которые выигрывают большие банки.`,
        zh: (v) =>
          `它对随机手牌最弱的是 ${v.hand(weakest)}，胜率 ${v.pct(at(cash.vs_random, weakest))}，而 ${v.hand(strongerLeft)} 有 ${v.pct(at(cash.vs_random, strongerLeft))} 却不开局：${v.hand(weakest)} 能做成赢大底池的顺子和同花。`,
        es: (v) =>
          `Su mano más débil contra una al azar es ${v.hand(weakest)}, con el ${v.pct(at(cash.vs_random, weakest))}, mientras ${v.hand(strongerLeft)}, con el ${v.pct(at(cash.vs_random, strongerLeft))}, no se abre: ${v.hand(weakest)} liga las escaleras y colores que ganan botes grandes.`,
      });
    }
    const panel = [
      { text: position, size: 3 as const },
      { text: panelPct(share), color: MUTED },
      { text: `EQ ${panelPct(equity)}`, color: MUTED },
    ];
    segments.push(segment({ cells: frameCells(pairs), highlight: added, panel }, lines));
  });
  const [utg, btn] = [cash.open_vs_random.UTG!, cash.open_vs_random.BTN!];
  segments.push(
    segment({ cells: frameCells(openChart('BTN')) }, [
      {
        en: (v) =>
          `As the ranges widen, their equity against a random hand falls from ${v.pct(utg)} under the gun to ${v.pct(btn)} on the button: position pays for the weaker hands.`,
        ru: (v) =>
          `По мере расширения диапазонов их эквити против случайной руки падает с ${v.pct(utg)} на UTG до ${v.pct(btn)} на баттоне: за более слабые руки платит позиция.`,
        zh: (v) =>
          `范围越宽，对随机手牌的胜率就越低：从枪口位的 ${v.pct(utg)} 降到按钮位的 ${v.pct(btn)}。较弱的手牌靠位置来弥补。`,
        es: (v) =>
          `A medida que los rangos se abren, su equity contra una mano al azar baja del ${v.pct(utg)} en UTG al ${v.pct(btn)} en el botón: la posición paga las manos más débiles.`,
      },
      {
        en: () =>
          'Compare your own opens with these shares: where a position’s range is far from them, look first at the hands on its border.',
        ru: () =>
          'Сравните свои открытия с этими долями: если диапазон какой-то позиции сильно от них отличается, начните с рук на его границе.',
        zh: () => '把你自己的开局范围和这些比例比较：某个位置差得远时，先看它边界上的手牌。',
        es: () =>
          'Compara tus aperturas con estos porcentajes: donde el rango de una posición se aleje de ellos, mira primero las manos de su borde.',
      },
    ]),
  );
  return {
    titles: {
      'en-US': 'Position and opening ranges',
      'ru-RU': 'Позиция и диапазоны открытия',
      'zh-CN': '位置与开局范围',
      'es-ES': 'Posición y rangos de apertura',
    },
    script: { segments },
  };
}
