import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render';

import type { Figures, Group } from '../report-rules';
import { EquityByGroupChart } from './flop-report-charts';

const figures = (flops: number): Figures => ({
  flops,
  frequency: flops / 1755,
  equity: 0.5,
  distribution: [],
  summaries: {
    hero: { twoPairPlus: 0, topPair: 0, weakPair: 0, noPair: 0, draws: 0 },
    villain: { twoPairPlus: 0, topPair: 0, weakPair: 0, noPair: 0, draws: 0 },
  },
});

const axis = (container: HTMLElement) =>
  [...container.querySelectorAll('text.flop-chart__label')].map((node) => ({
    text: node.textContent,
    x: Number(node.getAttribute('x')),
  }));

afterEach(async () => {
  await act(() => i18n.changeLanguage('en-US'));
});

describe('EquityByGroupChart axis', () => {
  it('names nine high or lower without words and keeps a thin first bar’s name inside the chart', async () => {
    const groups: Group[] = ['A', 'K', 'Q', 'J', 'T', 'low'].map((key) => ({ key, figures: figures(200) }));
    const { container } = renderApp(<EquityByGroupChart groups={groups} dimension="high" />);
    await act(() => i18n.changeLanguage('ru-RU'));
    expect(axis(container).map((label) => label.text)).toEqual(['A', 'K', 'Q', 'J', '10', '≤9']);
    expect(container.textContent).not.toContain('low');

    const suits: Group[] = [
      { key: 'monotone', figures: figures(20) },
      { key: 'two_tone', figures: figures(900) },
      { key: 'rainbow', figures: figures(835) },
    ];
    const { container: second } = renderApp(<EquityByGroupChart groups={suits} dimension="suits" />);
    await act(() => i18n.changeLanguage('ru-RU'));
    const labels = axis(second);
    // "Одномастный" is cut to 8 letters and an ellipsis; its centre moves right so its left edge stays visible.
    expect(labels[0]).toEqual({ text: 'Одномаст…', x: 29 });
    expect(labels.map((label) => label.text)).toEqual(['Одномаст…', 'Двухмаст…', 'Радуга']);
  });

  it('leaves out a name that would overlap the previous one', () => {
    const groups: Group[] = [
      { key: 'unpaired', figures: figures(1500) },
      { key: 'paired', figures: figures(250) },
      { key: 'trips', figures: figures(5) },
    ];
    const { container } = renderApp(<EquityByGroupChart groups={groups} dimension="pairing" />);
    expect(axis(container).map((label) => label.text)).toEqual(['Unpaired', 'Paired']);
    // The thin bar is still drawn and named in its title.
    expect(container.querySelector('[data-group="pairing:trips"] title')?.textContent).toContain('Trips');
  });
});
