// How a lesson sentence writes hands and numbers: on screen as players read them ("K2s", "38.2%", "0.31 bb"), and
// for the voice as they are said in each language ("king deuce suited", "тридцать восемь и две десятых процента"
// is left to espeak-ng from "38,2 процента", Chinese numerals for the Mandarin voice). Every sentence of a lesson is
// written once per language as a function of a Voice and rendered twice: caption and speech.
import type { Language } from '../../../contract/languages.ts';
import { decimal, percent } from './chart-share.ts';

export interface Voice {
  language: Language;
  /** True when the text is for the voice, false for the captions. */
  spoken: boolean;
  /** A hand class ("AKs", "77"). */
  hand(hand: string): string;
  /** Hand classes joined as a list ("K2s, Q4s and J6s"). */
  hands(hands: readonly string[]): string;
  /** A share 0..1 as a percentage with `digits` decimals. */
  pct(value: number, digits?: number): string;
  /** An amount of big blinds (its absolute value) with `digits` decimals. */
  bb(value: number, digits?: number): string;
  /** A whole number. */
  count(value: number): string;
  /** A number with `digits` decimals. */
  num(value: number, digits: number): string;
}

const RANK_WORDS: Record<Language, Record<string, [one: string, many: string]>> = {
  'en-US': {
    A: ['ace', 'aces'],
    K: ['king', 'kings'],
    Q: ['queen', 'queens'],
    J: ['jack', 'jacks'],
    T: ['ten', 'tens'],
    '9': ['nine', 'nines'],
    '8': ['eight', 'eights'],
    '7': ['seven', 'sevens'],
    '6': ['six', 'sixes'],
    '5': ['five', 'fives'],
    '4': ['four', 'fours'],
    '3': ['three', 'threes'],
    '2': ['deuce', 'deuces'],
  },
  'ru-RU': {
    A: ['туз', 'тузов'],
    K: ['король', 'королей'],
    Q: ['дама', 'дам'],
    J: ['валет', 'валетов'],
    T: ['десятка', 'десяток'],
    '9': ['девятка', 'девяток'],
    '8': ['восьмёрка', 'восьмёрок'],
    '7': ['семёрка', 'семёрок'],
    '6': ['шестёрка', 'шестёрок'],
    '5': ['пятёрка', 'пятёрок'],
    '4': ['четвёрка', 'четвёрок'],
    '3': ['тройка', 'троек'],
    '2': ['двойка', 'двоек'],
  },
  'zh-CN': {
    A: ['A', 'A'],
    K: ['K', 'K'],
    Q: ['Q', 'Q'],
    J: ['J', 'J'],
    T: ['十', '十'],
    '9': ['九', '九'],
    '8': ['八', '八'],
    '7': ['七', '七'],
    '6': ['六', '六'],
    '5': ['五', '五'],
    '4': ['四', '四'],
    '3': ['三', '三'],
    '2': ['二', '二'],
  },
  'es-ES': {
    A: ['as', 'ases'],
    K: ['rey', 'reyes'],
    Q: ['dama', 'damas'],
    J: ['jota', 'jotas'],
    T: ['diez', 'dieces'],
    '9': ['nueve', 'nueves'],
    '8': ['ocho', 'ochos'],
    '7': ['siete', 'sietes'],
    '6': ['seis', 'seises'],
    '5': ['cinco', 'cincos'],
    '4': ['cuatro', 'cuatros'],
    '3': ['tres', 'treses'],
    '2': ['dos', 'doses'],
  },
};

/** A hand class as it is said. */
function spokenHand(hand: string, language: Language): string {
  const words = RANK_WORDS[language];
  const [high, low, kind] = [hand[0]!, hand[1]!, hand[2]];
  if (!kind) {
    const pair = words[high]![1];
    return {
      'en-US': `pocket ${pair}`,
      'ru-RU': `пара ${pair}`,
      'zh-CN': `一对${pair}`,
      'es-ES': `pareja de ${pair}`,
    }[language];
  }
  const [first, second] = [words[high]![0], words[low]![0]];
  const suited = kind === 's';
  switch (language) {
    case 'en-US':
      return `${first} ${second} ${suited ? 'suited' : 'offsuit'}`;
    case 'ru-RU':
      return `${first}-${second} ${suited ? 'одномастные' : 'разномастные'}`;
    case 'zh-CN':
      return `${first}${second}${suited ? '同花' : '杂色'}`;
    case 'es-ES':
      return `${first} ${second} ${suited ? 'del mismo palo' : 'de distinto palo'}`;
  }
}

const AND: Record<Language, string> = { 'en-US': 'and', 'ru-RU': 'и', 'zh-CN': '和', 'es-ES': 'y' };

function joinList(items: readonly string[], language: Language): string {
  if (items.length <= 1) return items.join('');
  const separator = language === 'zh-CN' ? '、' : ', ';
  const last = language === 'zh-CN' ? AND[language] : ` ${AND[language]} `;
  return `${items.slice(0, -1).join(separator)}${last}${items.at(-1)}`;
}

/** Russian plural form for a whole number: 1 блайнд, 2 блайнда, 5 блайндов. */
export function ruPlural(value: number, [one, few, many]: [string, string, string]): string {
  const whole = Math.abs(value);
  if (!Number.isInteger(whole)) return few;
  const [ten, hundred] = [whole % 10, whole % 100];
  if (ten === 1 && hundred !== 11) return one;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return few;
  return many;
}

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** A number in Chinese words for the Mandarin voice: 38.2 → 三十八点二, 1326 → 一千三百二十六. */
export function chineseNumber(value: number, digits = 0): string {
  const text = Math.abs(value).toFixed(digits);
  const [whole, fraction] = text.split('.') as [string, string | undefined];
  const sign = value < 0 && Number(text) !== 0 ? '负' : '';
  return `${sign}${chineseWhole(Number(whole))}${fraction ? `点${[...fraction].map((d) => DIGITS[Number(d)]).join('')}` : ''}`;
}

function chineseWhole(value: number): string {
  if (value === 0) return DIGITS[0]!;
  const units = ['', '十', '百', '千'];
  const digits = String(value).split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((digit, index) => {
    const unit = units[digits.length - 1 - index]!;
    if (digit === 0) {
      zero = true;
      return;
    }
    if (zero && out) out += DIGITS[0];
    zero = false;
    // 十 not 一十 at the start of a number from ten to nineteen.
    out += digit === 1 && unit === '十' && index === 0 ? unit : `${DIGITS[digit]}${unit}`;
  });
  return out;
}

/** Rounds as the captions print: half away from zero at `digits` decimals. */
const rounded = (value: number, digits: number) => Math.round(value * 10 ** digits + 1e-9) / 10 ** digits;

export function voiceOf(language: Language, spoken: boolean): Voice {
  const hand = (name: string) => (spoken ? spokenHand(name, language) : name);
  const pct = (value: number, digits = 1) => {
    if (!spoken) return percent(value, language, digits);
    const number = rounded(value * 100, digits);
    switch (language) {
      case 'en-US':
        return `${decimal(number, language, digits)} percent`;
      case 'ru-RU':
        // With decimals Russian takes the genitive singular: "36,0 процента".
        return `${decimal(number, language, digits)} ${digits > 0 ? 'процента' : ruPlural(number, ['процент', 'процента', 'процентов'])}`;
      case 'zh-CN':
        return `百分之${chineseNumber(number, digits)}`;
      case 'es-ES':
        return `${decimal(number, language, digits)} por ciento`;
    }
  };
  const bb = (value: number, digits = 2) => {
    const amount = rounded(Math.abs(value), digits);
    const number = decimal(amount, language, digits);
    if (!spoken) return `${number} bb`;
    switch (language) {
      case 'en-US':
        return `${number} big ${amount === 1 ? 'blind' : 'blinds'}`;
      case 'ru-RU':
        return `${number} ${digits > 0 ? 'большого блайнда' : ruPlural(amount, ['большой блайнд', 'больших блайнда', 'больших блайндов'])}`;
      case 'zh-CN':
        return `${chineseNumber(amount, digits)}个大盲`;
      case 'es-ES':
        return `${number} ${amount === 1 ? 'ciega grande' : 'ciegas grandes'}`;
    }
  };
  // Spoken whole numbers carry no group separator: "1 326" would be read as two numbers.
  const count = (value: number) =>
    spoken
      ? language === 'zh-CN'
        ? chineseNumber(value)
        : String(Math.round(value))
      : decimal(value, language, 0);
  const num = (value: number, digits: number) =>
    spoken && language === 'zh-CN'
      ? chineseNumber(rounded(value, digits), digits)
      : decimal(rounded(value, digits), language, digits);
  return {
    language,
    spoken,
    num,
    hand,
    hands: (names) => joinList(names.map(hand), language),
    pct,
    bb,
    count,
  };
}
