// The engine's workers answer the page on two routes (src/engine/answer-channel.ts): their own port and a
// BroadcastChannel named after each worker, which Chromium does not hold back after an input. In the real build,
// every answer a worker posts on its port arrives on its channel too, and the equity shown is the engine's (its simd128
// build, the one Chromium validates); a page without BroadcastChannel gets the same equity on the ports alone.
import { describe, expect, it } from 'vitest';

import { withAppAndBrowser } from './support/browser.ts';
import { playHandAgainstText } from './support/page-api.ts';

// Counts, per worker name, the messages the page receives from the worker and on the channel of that name. A string:
// this file is type-checked without the DOM library.
const COUNT_ANSWERS = `
  window.__answers = {};
  const NativeWorker = Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      const name = options?.name ?? '';
      window.__answers[name] ??= { port: 0, channel: 0 };
      this.addEventListener('message', () => { window.__answers[name].port += 1; });
    }
  };
  const NativeChannel = BroadcastChannel;
  window.BroadcastChannel = class extends NativeChannel {
    constructor(name) {
      super(name);
      window.__answers[name] ??= { port: 0, channel: 0 };
      this.addEventListener('message', () => { window.__answers[name].channel += 1; });
    }
  };
`;

type Answers = Record<string, { port: number; channel: number }>;

describe('engine answers', () => {
  const app = withAppAndBrowser();

  it('reach the page on each worker port and on that worker answer channel alike', async () => {
    const { page } = app.session;
    await page.addInitScript({ content: COUNT_ANSWERS });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${app.server.baseUrl}/`);
    // AhKh against QQ on Jh8h2c: `npm run equity -- --hero AhKh --villain QQ --board Jh8h2c` gives 0.531818.
    await playHandAgainstText(page, ['Ah', 'Kh'], 'QQ', ['Jh', '8h', '2c']);
    await expect
      .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
      .toContain('53.18%');
    // Chromium validates simd128: the workers start that build, and the scalar module is never downloaded.
    expect(requested.some((url) => /\/assets\/equity_wasm_simd_bg-[^/]+\.wasm$/.test(url))).toBe(true);
    expect(requested.some((url) => /\/assets\/equity_wasm_bg-[^/]+\.wasm$/.test(url))).toBe(false);

    // Let the last answers of both routes land before comparing them.
    await page.waitForLoadState('networkidle');
    const read = () => page.evaluate('window.__answers') as Promise<Answers>;
    await expect
      .poll(async () => Object.values(await read()).every(({ port, channel }) => port === channel))
      .toBe(true);
    const answers = await read();
    const workers = Object.keys(answers);
    expect(workers.length).toBeGreaterThan(0);
    for (const name of workers) {
      expect(name).toMatch(/^rangeforge-engine-[0-9a-f]{24}$/);
      expect(answers[name]!.port).toBeGreaterThan(0);
    }
  });

  it('reach the page on the ports alone where the page has no BroadcastChannel', async () => {
    const context = await app.session.browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript({ content: 'delete window.BroadcastChannel;' });
      await page.goto(`${app.server.baseUrl}/`);
      expect(await page.evaluate('typeof BroadcastChannel')).toBe('undefined');
      await playHandAgainstText(page, ['Ah', 'Kh'], 'QQ', ['Jh', '8h', '2c']);
      await expect
        .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
        .toContain('53.18%');
    } finally {
      await context.close();
    }
  });
});
