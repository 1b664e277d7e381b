import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render';

import type { Figures, Group } from '../report-rules';
import { DistributionChart, EquityByGroupChart, shareScale } from './flop-report-charts';

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
    // "Одномастный" is cut to 8 letters and an ellipsis, under its thin bar right of the value axis.
    expect(labels[0]).toEqual({ text: 'Одномаст…', x: 41 });
    expect(labels.map((label) => label.text)).toEqual(['Одномаст…', 'Двухмаст…', 'Радуга']);

    // A thin last bar's name moves left so its right edge stays inside the chart (320 wide).
    const last: Group[] = [
      { key: 'monotone', figures: figures(900) },
      { key: 'two_tone', figures: figures(835) },
      { key: 'rainbow', figures: figures(20) },
    ];
    const { container: third } = renderApp(<EquityByGroupChart groups={last} dimension="suits" />);
    await act(() => i18n.changeLanguage('ru-RU'));
    expect(axis(third).at(-1)).toEqual({ text: 'Радуга', x: 300 });
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

describe('value axes and bar values', () => {
  const ticks = (container: HTMLElement) =>
    [...container.querySelectorAll('text.flop-chart__tick')].map((node) => node.textContent);
  const values = (container: HTMLElement) =>
    [...container.querySelectorAll('text.flop-chart__value')].map((node) => node.textContent);

  it('reads the equity chart from 0% to 100% and prints each wide enough bar its equity', () => {
    const groups: Group[] = [
      { key: 'unpaired', figures: { ...figures(1300), equity: 0.5623 } },
      { key: 'paired', figures: { ...figures(450), equity: 0.4871 } },
      { key: 'trips', figures: { ...figures(5), equity: 0.9 } },
    ];
    const { container } = renderApp(<EquityByGroupChart groups={groups} dimension="pairing" />);
    expect(ticks(container)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    // The trips bar is too thin for its value: the axis and the table give it.
    expect(values(container)).toEqual(['56.2%', '48.7%']);
  });

  it('scales the distribution to a round top and prints every bar its share', () => {
    const distribution = [0.02, 0.05, 0.11, 0.23, 0.19, 0.14, 0.1, 0.08, 0.05, 0.03];
    const { container } = renderApp(<DistributionChart figures={{ ...figures(1755), distribution }} />);
    expect(ticks(container)).toEqual(['0%', '10%', '20%', '30%']);
    expect(values(container)).toEqual(distribution.map((share) => `${Math.round(share * 100)}%`));
    // The tallest bar's height is its share of the axis's top: 23% of a 0-30% scale.
    const heights = [...container.querySelectorAll('rect.flop-chart__bar')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(heights[3]! / heights[2]!).toBeCloseTo(0.23 / 0.11, 6);
  });

  it('picks the smallest round step that reaches the highest share in four ticks', () => {
    expect(shareScale(0.23)).toEqual({ step: 0.1, top: 0.3 });
    expect(shareScale(0.04)).toEqual({ step: 0.01, top: 0.04 });
    expect(shareScale(0.61)).toEqual({ step: 0.2, top: 0.8 });
    expect(shareScale(0)).toEqual({ step: 0.01, top: 0.01 });
  });
});
