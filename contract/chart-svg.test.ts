import { describe, expect, it } from 'vitest';

import { chartLayout, chartSvg, escapeXml } from './chart-svg.ts';
import { HAND_CLASSES } from './hands.ts';

const text = {
  total: (combos: number, share: number) => `${combos} combos · ${(share * 100).toFixed(1)}%`,
  action: (combos: number) => `${combos} combos`,
};

describe('a chart as an SVG picture', () => {
  const svg = chartSvg(
    {
      name: 'BTN <open> & "3-bet"',
      buttons: [
        { color: '#1847BE', label: 'Raise' },
        { color: '#C0392B', label: '<script>alert(1)</script>' },
      ],
      pairs: {
        AA: [{ color: '#1847BE', weight: 100 }],
        AKs: [
          { color: '#1847BE', weight: 60 },
          { color: '#C0392B', weight: 40 },
        ],
      },
      exclusions: { AA: ['AhAc', 'AhAd'] },
    },
    { ...text, footer: 'rangeforge' },
  );

  it('escapes every text the player wrote', () => {
    expect(svg).toContain('BTN &lt;open&gt; &amp; &quot;3-bet&quot;');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).not.toContain('<script>');
    expect(escapeXml('a\u0001b')).toBe('ab');
  });

  it('draws each colour as a bar as wide as its weight, in the cell of its hand', () => {
    const layout = chartLayout(2);
    const aks = layout.cell(HAND_CLASSES.indexOf('AKs'));
    const bars = [...svg.matchAll(/<g data-hand="AKs">(.*?)<\/g>/g)][0]![1]!;
    const rects = [
      ...bars.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*fill="(#[0-9A-Fa-f]{6})"/g),
    ];
    // The cell's tint, then a 60 % raise bar and a 40 % call bar after it.
    expect(rects.slice(1).map((m) => [Number(m[1]), Number(m[2]), m[3]])).toEqual([
      [Math.round(aks.x * 100) / 100, Math.round(aks.size * 0.6 * 100) / 100, '#1847BE'],
      [Math.round((aks.x + aks.size * 0.6) * 100) / 100, Math.round(aks.size * 0.4 * 100) / 100, '#C0392B'],
    ]);
  });

  it('counts the combos of each action without the left-out ones', () => {
    // AA: 6 combos less 2 left out, all raise; AKs: 4 combos, 60 % raise and 40 % call.
    expect(svg).toContain('>8 combos · 0.6%<');
    expect(svg).toContain('>6.4 combos<');
    expect(svg).toContain('>1.6 combos<');
    expect(svg).toContain('>rangeforge<');
  });

  it('is as tall as its legend needs', () => {
    expect(chartLayout(5).height - chartLayout(2).height).toBe(3 * 44);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1080" height="\d+"/);
  });
});
