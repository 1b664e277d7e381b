// The seeded courses' lessons: each shows one of the seeded charts while a short script is spoken (English voice,
// captions in the four interface languages). server/lib/lesson-media.ts renders them at seed time.
import type { Language } from '../../../contract/languages.ts';
import type { LessonChart } from '../../lib/lesson-media.ts';
import type { PackContent, TemplateNode } from '../../modules/shop/templates.ts';
import { cashDefence, cashOpens } from './cash-packs.ts';
import { pushFold } from './pushfold-pack.ts';

export interface SeedLesson {
  titles: Record<Language, string>;
  /** The chart on screen: a pack and the path of names to one of its ranges. */
  chart: { pack: PackContent; path: string[] };
  sentences: Record<Language, string[]>;
}

const find = (nodes: TemplateNode[], [name, ...rest]: string[]): TemplateNode | undefined => {
  const node = nodes.find((entry) => entry.name === name);
  return rest.length === 0 ? node : node && find(node.children ?? [], rest);
};

/** The first action of every class of a seeded range, as the lesson image draws it. */
export function lessonChart(lesson: SeedLesson): LessonChart {
  const node = find(lesson.chart.pack.nodes, lesson.chart.path);
  if (!node?.pairs)
    throw new Error(`seed lesson "${lesson.titles['en-US']}": no chart at ${lesson.chart.path.join(' / ')}`);
  const cells: LessonChart['cells'] = {};
  for (const [hand, cell] of Object.entries(node.pairs)) {
    const first = (Array.isArray(cell) ? cell : cell.colors)[0];
    if (first) cells[hand] = { color: first.color, weight: first.weight };
  }
  return { cells };
}

export const PREFLOP_LESSONS: SeedLesson[] = [
  {
    titles: {
      'en-US': 'Position and opening ranges',
      'ru-RU': 'Позиция и диапазоны открытия',
      'zh-CN': '位置与开局范围',
      'es-ES': 'Posición y rangos de apertura',
    },
    chart: { pack: cashOpens, path: ['BTN open (46%)'] },
    sentences: {
      'en-US': [
        'This is the button opening range.',
        'With only the blinds left to act, you open almost half of your hands.',
        'The earlier your position, the tighter the range.',
      ],
      'ru-RU': [
        'Это диапазон открытия с баттона.',
        'Когда позади остались только блайнды, открывается почти половина рук.',
        'Чем раньше позиция, тем уже диапазон.',
      ],
      'zh-CN': [
        '这是按钮位的开局范围。',
        '只剩盲注位还没行动时，你几乎可以用一半的手牌开局。',
        '位置越靠前，范围越紧。',
      ],
      'es-ES': [
        'Este es el rango de apertura desde el botón.',
        'Con solo las ciegas por hablar, abres casi la mitad de tus manos.',
        'Cuanto antes es tu posición, más estrecho es el rango.',
      ],
    },
  },
  {
    titles: {
      'en-US': 'Three-betting for value and as a bluff',
      'ru-RU': '3-бет на вэлью и как блеф',
      'zh-CN': '价值 3-bet 与诈唬 3-bet',
      'es-ES': '3-bet por valor y de farol',
    },
    chart: { pack: cashDefence, path: ['In position', 'BTN vs CO open'] },
    sentences: {
      'en-US': [
        'Here the button faces an open from the cutoff.',
        'Red hands three-bet: strong hands for value and suited blockers as bluffs.',
        'Green hands call and play in position.',
      ],
      'ru-RU': [
        'Здесь баттон отвечает на открытие с катоффа.',
        'Красные руки делают 3-бет: сильные для вэлью, одномастные блокеры как блеф.',
        'Зелёные руки коллируют и играют в позиции.',
      ],
      'zh-CN': [
        '这里按钮位面对关煞位的开局。',
        '红色的手牌做三次下注：强牌为价值，同花阻断牌为诈唬。',
        '绿色的手牌跟注，并在有利位置游戏。',
      ],
      'es-ES': [
        'Aquí el botón se enfrenta a una apertura desde el cutoff.',
        'Las manos rojas hacen 3-bet: las fuertes por valor y las suited bloqueadoras como farol.',
        'Las manos verdes pagan y juegan en posición.',
      ],
    },
  },
  {
    titles: {
      'en-US': 'Defending the big blind',
      'ru-RU': 'Защита большого блайнда',
      'zh-CN': '大盲防守',
      'es-ES': 'Defender la ciega grande',
    },
    chart: { pack: cashDefence, path: ['Blinds', 'BB vs BTN open'] },
    sentences: {
      'en-US': [
        'The big blind already has one blind in the pot.',
        'Against a button open, the price is good, so you defend wide.',
        'Most suited hands and connected hands are a call.',
      ],
      'ru-RU': [
        'У большого блайнда в банке уже есть один блайнд.',
        'Против открытия с баттона цена хорошая, поэтому защищайтесь широко.',
        'Большинство одномастных и связанных рук — это колл.',
      ],
      'zh-CN': [
        '大盲位已经有一个盲注在底池里。',
        '面对按钮位开局，赔率很好，所以要宽范围防守。',
        '大多数同花牌和连张都应该跟注。',
      ],
      'es-ES': [
        'La ciega grande ya tiene una ciega en el bote.',
        'Contra una apertura del botón el precio es bueno, así que defiendes amplio.',
        'La mayoría de las manos suited y conectadas pagan.',
      ],
    },
  },
];

export const SHORT_STACK_LESSONS: SeedLesson[] = [
  {
    titles: {
      'en-US': 'Why push/fold works',
      'ru-RU': 'Почему работает пуш/фолд',
      'zh-CN': '为什么全下/弃牌有效',
      'es-ES': 'Por qué funciona el push/fold',
    },
    chart: { pack: pushFold, path: ['SB push', '10bb'] },
    sentences: {
      'en-US': [
        'With ten big blinds, raising and folding to a shove wastes your stack.',
        'Going all in wins the blinds often and keeps your equity when called.',
        'This chart shows every hand the small blind pushes.',
      ],
      'ru-RU': [
        'С десятью большими блайндами рейз и фолд на олл-ин тратит стек впустую.',
        'Олл-ин часто забирает блайнды и сохраняет эквити, когда его коллируют.',
        'Этот чарт показывает все руки, с которыми малый блайнд идёт олл-ин.',
      ],
      'zh-CN': [
        '只有十个大盲时，加注后再弃牌会浪费筹码。',
        '全下常常能赢得盲注，被跟注时也保留胜率。',
        '这张图显示小盲位全下的所有手牌。',
      ],
      'es-ES': [
        'Con diez ciegas grandes, subir y retirarte ante un all-in malgasta tu stack.',
        'Ir all-in gana las ciegas a menudo y conserva tu equity cuando te pagan.',
        'Esta tabla muestra todas las manos con las que la ciega pequeña va all-in.',
      ],
    },
  },
  {
    titles: {
      'en-US': 'Reading the charts',
      'ru-RU': 'Как читать чарты',
      'zh-CN': '如何读图表',
      'es-ES': 'Cómo leer las tablas',
    },
    chart: { pack: pushFold, path: ['BB call vs SB push', '10bb'] },
    sentences: {
      'en-US': [
        'Each cell is one hand class: pairs on the diagonal, suited above, offsuit below.',
        'A coloured cell is a call against the shove.',
        'Find your stack depth first, then your hand.',
      ],
      'ru-RU': [
        'Каждая клетка — один класс рук: пары по диагонали, одномастные выше, разномастные ниже.',
        'Цветная клетка — это колл против олл-ина.',
        'Сначала найдите глубину стека, потом свою руку.',
      ],
      'zh-CN': [
        '每个格子是一类手牌：对子在对角线上，同花在上方，非同花在下方。',
        '有颜色的格子表示面对全下时跟注。',
        '先找到你的筹码深度，再找你的手牌。',
      ],
      'es-ES': [
        'Cada celda es una clase de mano: parejas en la diagonal, suited arriba y offsuit abajo.',
        'Una celda de color es un call contra el all-in.',
        'Busca primero tu profundidad de stack y después tu mano.',
      ],
    },
  },
  {
    titles: {
      'en-US': 'Adjusting for antes and ICM',
      'ru-RU': 'Поправки на анте и ICM',
      'zh-CN': '根据前注和 ICM 调整',
      'es-ES': 'Ajustes por antes e ICM',
    },
    chart: { pack: pushFold, path: ['SB push', '5bb'] },
    sentences: {
      'en-US': [
        'Antes make the pot bigger, so you can push wider.',
        'Near the money, ICM makes your chips worth less than their count.',
        'Then call tighter, and push a little tighter too.',
      ],
      'ru-RU': [
        'Анте увеличивают банк, поэтому можно идти олл-ин шире.',
        'Рядом с призовыми ICM делает ваши фишки дешевле их количества.',
        'Тогда коллируйте уже и идите олл-ин чуть уже.',
      ],
      'zh-CN': [
        '前注让底池变大，所以可以更宽地全下。',
        '接近钱圈时，ICM 让你的筹码价值低于其数量。',
        '这时跟注要更紧，全下也要稍微紧一些。',
      ],
      'es-ES': [
        'Los antes agrandan el bote, así que puedes ir all-in más amplio.',
        'Cerca de los premios, el ICM hace que tus fichas valgan menos que su número.',
        'Entonces paga más ajustado y empuja también un poco más ajustado.',
      ],
    },
  },
];
