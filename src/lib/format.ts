import { useTranslation } from 'react-i18next';

/** Money in the given currency for the interface language; an unknown currency code falls back to "12.50 XYZ". */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      maximumFractionDigits: currency === 'BTC' ? 8 : 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * One Intl.NumberFormat per language and options. Building a formatter costs tens of microseconds (locale data
 * lookup); the range grid formats 169 cell titles after every equity result, so building them per call put
 * milliseconds of main-thread work between the result and the screen.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count (combos, samples) in the interface language: "1,326" in en, "1 326" in ru, "1.326" in es. */
export function formatNumber(value: number, language: string, maximumFractionDigits = 1): string {
  return numberFormat(language, { maximumFractionDigits }).format(value);
}

/**
 * A share (0…1) as a percentage in the interface language, with `fractionDigits` decimals (up to
 * `maximumFractionDigits` when more are wanted only where needed: 10% but 12.5%). Intl places the sign and spacing each language
 * expects ("12.5%" in en, "12,5 %" in es and ru), which `toFixed() + '%'` cannot.
 */
export function formatPercent(
  fraction: number,
  language: string,
  fractionDigits = 1,
  maximumFractionDigits = fractionDigits,
): string {
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits,
  }).format(fraction);
}

/** Rounds a count for display and for choosing its plural form, so 6.0000001 combos reads (and declines) as 6. */
export const roundCount = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** The number formatters bound to the language i18next renders with, so figures match the texts around them. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return {
    language,
    number: (value: number, maximumFractionDigits?: number) =>
      formatNumber(value, language, maximumFractionDigits),
    percent: (fraction: number, fractionDigits?: number) => formatPercent(fraction, language, fractionDigits),
    money: (amount: number, currency: string) => formatMoney(amount, currency, language),
  };
}
