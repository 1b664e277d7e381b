// The seeded store: two packages, their strategy packs and video courses, named and described in the four
// interface languages (English in the rows, the others as their translations, migration 027).
import type { Language, TranslatedLanguage } from '../../../contract/languages.ts';
import type { PackContent } from '../../modules/shop/templates.ts';
import { cashDefence, cashOpens } from './cash-packs.ts';
import { PREFLOP_LESSONS, type SeedLesson, SHORT_STACK_LESSONS } from './lessons.ts';
import { pushFold } from './pushfold-pack.ts';

export interface SeedText {
  name: string;
  description: string;
}
export type SeedTexts = Record<Language, SeedText>;

export interface SeedItem {
  type: 'product' | 'video_course';
  texts: SeedTexts;
  usd: number;
  rub: number;
  content?: PackContent;
  lessons?: SeedLesson[];
}

export interface SeedPackage {
  texts: SeedTexts;
  premiumRequired: boolean;
  items: SeedItem[];
}

/** The translations of seeded texts, as migration 027's tables keep them. */
export const translationsOf = <T>(texts: Record<Language, T>): Record<TranslatedLanguage, T> => ({
  'ru-RU': texts['ru-RU'],
  'zh-CN': texts['zh-CN'],
  'es-ES': texts['es-ES'],
});

/**
 * Digests (sha256 of the stored JSON) of pack contents an earlier seed wrote: a seeded item still holding one of them
 * gets today's content on the next seed, while an admin's own upload is never touched.
 */
export const SUPERSEDED_CONTENTS = new Set([
  // The opening, defence and push/fold packs as first seeded (the push charts typed by hand).
  'c051bef9937c9dee5158c649fa5bd01b01ac45e5d9644f82e5cebb227d4595c3',
  '46c1a0b12ddb2d1d9365089c3c2de0da305bfc08b6ad8bdd855e0605569385da',
  '1a978a992ca7b40b5c77787b36770d75ab5f179e2ce59f6a2fe302215d1aa4ac',
]);

/** The lessons of the short-stack course as first seeded (15-second clips): such a course gets today's lessons. */
export const SUPERSEDED_LESSON_TITLES = [
  ['Why push/fold works', 'Reading the charts', 'Adjusting for antes and ICM'],
];

export const STORE: SeedPackage[] = [
  {
    texts: {
      'en-US': {
        name: '6-max Cash 100bb',
        description: 'Complete preflop strategy for 6-max no-limit hold’em cash games at 100 big blinds.',
      },
      'ru-RU': {
        name: 'Кэш 6-max 100bb',
        description:
          'Полная префлоп-стратегия для кэш-игр 6-max в безлимитный холдем со стеком 100 больших блайндов.',
      },
      'zh-CN': {
        name: '6 人桌现金局 100bb',
        description: '6 人桌无限注德州扑克现金局、100 个大盲筹码深度的完整翻牌前策略。',
      },
      'es-ES': {
        name: 'Cash 6-max 100bb',
        description:
          'Estrategia preflop completa para cash 6-max de no-limit hold’em con 100 ciegas grandes.',
      },
    },
    premiumRequired: false,
    items: [
      {
        type: 'product',
        texts: {
          'en-US': {
            name: 'Opening ranges by position',
            description:
              'Raise-first-in charts for UTG, HJ, CO, BTN and SB, each with its measured share of hands.',
          },
          'ru-RU': {
            name: 'Диапазоны открытия по позициям',
            description: 'Чарты первого рейза для UTG, HJ, CO, BTN и SB, у каждого измеренная доля рук.',
          },
          'zh-CN': {
            name: '按位置的开局范围',
            description: 'UTG、HJ、CO、BTN 和 SB 的首位加注图表，每张都标明实测的手牌比例。',
          },
          'es-ES': {
            name: 'Rangos de apertura por posición',
            description:
              'Tablas de primera subida para UTG, HJ, CO, BTN y SB, cada una con su porcentaje de manos medido.',
          },
        },
        usd: 19,
        rub: 1490,
        content: cashOpens,
      },
      {
        type: 'product',
        texts: {
          'en-US': {
            name: '3-bet and call ranges',
            description: 'Versus opens in position and from the blinds, with mixed strategies.',
          },
          'ru-RU': {
            name: 'Диапазоны 3-бета и колла',
            description: 'Против открытий в позиции и из блайндов, со смешанными стратегиями.',
          },
          'zh-CN': {
            name: '3-bet 与跟注范围',
            description: '有位置时和在盲注位面对开局，含混合策略。',
          },
          'es-ES': {
            name: 'Rangos de 3-bet y call',
            description: 'Contra aperturas en posición y desde las ciegas, con estrategias mixtas.',
          },
        },
        usd: 29,
        rub: 2290,
        content: cashDefence,
      },
      {
        type: 'video_course',
        texts: {
          'en-US': {
            name: 'Preflop fundamentals',
            description:
              'Three lessons on the pack’s charts with the engine’s equities: what each position opens and why, 3-bets for value and as bluffs, and the big blind’s defence by pot odds.',
          },
          'ru-RU': {
            name: 'Основы префлопа',
            description:
              'Три урока по чартам пакета с эквити, посчитанным движком: что открывает каждая позиция и почему, 3-беты на вэлью и как блеф, защита большого блайнда по шансам банка.',
          },
          'zh-CN': {
            name: '翻牌前基础',
            description:
              '三节课，用引擎计算的胜率讲解本包的图表：每个位置开局什么牌及原因、价值 3-bet 与诈唬 3-bet、大盲按底池赔率防守。',
          },
          'es-ES': {
            name: 'Fundamentos del preflop',
            description:
              'Tres lecciones sobre las tablas del pack con las equities del motor: qué abre cada posición y por qué, 3-bets por valor y de farol, y la defensa de la ciega grande según las pot odds.',
          },
        },
        usd: 49,
        rub: 3890,
        lessons: PREFLOP_LESSONS,
      },
    ],
  },
  {
    texts: {
      'en-US': {
        name: 'Tournament push/fold',
        description: 'Short-stack tournament play: shoving and calling ranges from 5 to 20 big blinds.',
      },
      'ru-RU': {
        name: 'Турнирный пуш/фолд',
        description:
          'Игра коротким стеком в турнирах: диапазоны олл-ина и колла от 5 до 20 больших блайндов.',
      },
      'zh-CN': {
        name: '锦标赛全下/弃牌',
        description: '锦标赛短筹码打法：5 到 20 个大盲的全下与跟注范围。',
      },
      'es-ES': {
        name: 'Push/fold de torneo',
        description: 'Juego con stack corto en torneos: rangos de all-in y de call de 5 a 20 ciegas grandes.',
      },
    },
    premiumRequired: true,
    items: [
      {
        type: 'product',
        texts: {
          'en-US': {
            name: 'Push/fold charts 5–20bb',
            description:
              'The heads-up Nash equilibrium computed by the engine: small blind shoves and big blind calls at 5, 10, 15 and 20bb, and the bubble under ICM.',
          },
          'ru-RU': {
            name: 'Чарты пуш/фолд 5–20bb',
            description:
              'Равновесие Нэша один на один, посчитанное движком: олл-ины малого блайнда и коллы большого при 5, 10, 15 и 20bb, а также пузырь с ICM.',
          },
          'zh-CN': {
            name: '全下/弃牌图表 5–20bb',
            description:
              '由引擎计算的单挑纳什均衡：5、10、15 和 20bb 时小盲的全下与大盲的跟注，以及 ICM 下的泡沫圈。',
          },
          'es-ES': {
            name: 'Tablas push/fold 5–20bb',
            description:
              'El equilibrio de Nash heads-up calculado por el motor: all-in de la ciega pequeña y call de la grande con 5, 10, 15 y 20bb, y la burbuja con ICM.',
          },
        },
        usd: 15,
        rub: 1190,
        content: pushFold,
      },
      {
        type: 'video_course',
        texts: {
          'en-US': {
            name: 'Short-stack tournament play',
            description:
              'Three lessons from the engine’s own numbers: the 10bb push chart class by class, the big blind’s calls and their price, and what ICM changes on the bubble.',
          },
          'ru-RU': {
            name: 'Игра коротким стеком в турнирах',
            description:
              'Три урока на цифрах движка: чарт олл-ина на 10bb класс за классом, коллы большого блайнда и их цена, и что меняет ICM на пузыре.',
          },
          'zh-CN': {
            name: '锦标赛短筹码打法',
            description:
              '三节课，全部基于引擎自己的数字：逐类讲解 10bb 全下图表、大盲的跟注及其代价，以及 ICM 在泡沫圈改变了什么。',
          },
          'es-ES': {
            name: 'Juego de torneo con stack corto',
            description:
              'Tres lecciones con los números del propio motor: la tabla de all-in con 10bb clase por clase, los calls de la ciega grande y su precio, y lo que cambia el ICM en la burbuja.',
          },
        },
        usd: 39,
        rub: 3090,
        lessons: SHORT_STACK_LESSONS,
      },
    ],
  },
];
