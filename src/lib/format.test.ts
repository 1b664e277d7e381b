import { describe, expect, it } from 'vitest';

import { formatNumber, formatPercent, roundCount } from './format';
import { i18n } from './i18n';

// Intl separates with no-break spaces (U+00A0 and, for ru groups, U+00A0 too); written out so the test is exact.
const NBSP = '\u00a0';

describe('numbers in the interface language (Intl.NumberFormat)', () => {
  it('formats percentages per language, not with toFixed() + "%"', () => {
    expect(formatPercent(0.125, 'en-US')).toBe('12.5%');
    expect(formatPercent(0.125, 'es-ES')).toBe(`12,5${NBSP}%`);
    expect(formatPercent(0.125, 'ru-RU')).toBe(`12,5${NBSP}%`);
    expect(formatPercent(0.5, 'zh-CN', 0)).toBe('50%');
  });

  it('formats counts per language', () => {
    expect(formatNumber(1326.5, 'en-US')).toBe('1,326.5');
    expect(formatNumber(1326.5, 'ru-RU')).toBe(`1${NBSP}326,5`);
    expect(formatNumber(13265, 'es-ES')).toBe('13.265');
    expect(formatNumber(roundCount(6.0000001), 'es-ES')).toBe('6');
  });
});

describe('plural forms (i18next _one/_few/_many/_other)', () => {
  const bell = (language: string, count: number) =>
    i18n.getFixedT(language)('common:header.bellCount', { count });
  const total = (language: string, count: number) =>
    i18n.getFixedT(language)('ranges:buttons.total', { count, percent: '1%' });

  it('English: one and other', () => {
    expect(bell('en-US', 1)).toBe('1 new incoming strategy');
    expect(bell('en-US', 2)).toBe('2 new incoming strategies');
    expect(total('en-US', 1)).toBe('Range: 1 combo · 1% of all hands');
    expect(total('en-US', 1326)).toBe('Range: 1,326 combos · 1% of all hands');
  });

  it('Russian: one, few, many and other (fractions)', () => {
    expect(bell('ru-RU', 1)).toBe('1 новая входящая стратегия');
    expect(bell('ru-RU', 21)).toBe('21 новая входящая стратегия');
    expect(bell('ru-RU', 3)).toBe('3 новые входящие стратегии');
    expect(bell('ru-RU', 5)).toBe('5 новых входящих стратегий');
    expect(bell('ru-RU', 11)).toBe('11 новых входящих стратегий');
    expect(total('ru-RU', 1.5)).toBe('Диапазон: 1,5 комбинации · 1% всех рук');
    expect(total('ru-RU', 1326)).toBe(`Диапазон: 1${NBSP}326 комбинаций · 1% всех рук`);
  });

  it('Spanish: one, many and other', () => {
    expect(bell('es-ES', 1)).toBe('1 estrategia nueva recibida');
    expect(bell('es-ES', 2)).toBe('2 estrategias nuevas recibidas');
    expect(bell('es-ES', 1_000_000)).toBe('1.000.000 de estrategias nuevas recibidas');
    expect(total('es-ES', 1)).toBe('Rango: 1 combo · 1% de todas las manos');
    expect(total('es-ES', 6.5)).toBe('Rango: 6,5 combos · 1% de todas las manos');
  });

  it('Chinese: one form for every count', () => {
    expect(bell('zh-CN', 1)).toBe('收到 1 条新策略');
    expect(bell('zh-CN', 5)).toBe('收到 5 条新策略');
  });
});
