/**
 * `npm run bench:input`: the browser's floor under bench:ui. A plain page (no React, no engine) posts a message to a
 * worker that answers after 2 ms of work; the page times the post to the answer's handling. The post is made either
 * inside a pointerdown listener (a real click through the browser's input pipeline) or from a timer. Chromium defers
 * the page's tasks after a discrete input until the next frame has been produced (its DeferRendererTasksAfterInput
 * scheduling feature, on by default), and a worker's answer on its own port is such a task: so after a click it waits
 * for the next frame, however fast the worker was. An answer on a BroadcastChannel is not held back, which is why the
 * engine's workers answer on both (src/engine/answer-channel.ts). Every kind of round (click or timer, port or
 * channel) alternates with the others after warm-up; medians with min and max.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { launchBrowser } from '../e2e/support/browser.ts';
import { stats } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARM_UP = 5;
const folder = join(import.meta.dirname, 'input-deferral');

const server = createServer((request, response) => {
  const worker = request.url?.startsWith('/worker.js');
  response.setHeader('content-type', worker ? 'text/javascript' : 'text/html');
  response.end(readFileSync(join(folder, worker ? 'worker.js' : 'page.html')));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
/** The browser as players have it, and one with the input-deferral feature switched off: the cause, isolated. */
const browsers = {
  default: await launchBrowser(),
  'DeferRendererTasksAfterInput off': await launchBrowser({
    args: ['--disable-features=DeferRendererTasksAfterInput'],
  }),
};
type Kind = 'click' | 'timer';
type Route = 'port' | 'channel';
const routeNames: Record<Route, string> = { port: "the worker's port", channel: 'a BroadcastChannel' };

/** One round of `kind` in `page`, answered on `route`: the post → answer milliseconds, once the page has handled it. */
async function round(page: Page, kind: Kind, route: Route, count: number): Promise<number> {
  await page.evaluate(`window.route = '${route}'`);
  if (kind === 'click') await page.locator('#target').click();
  else await page.evaluate('setTimeout(() => window.postJob(), 0)');
  await page.waitForFunction(`window.rounds.length === ${count}`);
  const ms = (await page.evaluate('window.rounds.at(-1)')) as number;
  await page.waitForTimeout(50);
  return ms;
}

try {
  const pages = Object.entries(browsers).map(([name, session]) => ({ name, page: session.page, count: 0 }));
  for (const { page } of pages) await page.goto(address);
  const samples = new Map<string, number[]>();
  // Round robin: each browser's click round, then its timer round, so a busy moment of the machine is shared.
  for (let index = 0; index < WARM_UP + ROUNDS; index += 1) {
    for (const entry of pages) {
      for (const route of ['port', 'channel'] as const) {
        for (const kind of ['click', 'timer'] as const) {
          const ms = await round(entry.page, kind, route, (entry.count += 1));
          if (index < WARM_UP) continue;
          const posted = kind === 'click' ? 'in a pointerdown listener (a click)' : 'from a timer';
          const key = `${entry.name}: posted ${posted}, answered on ${routeNames[route]}`;
          samples.set(key, [...(samples.get(key) ?? []), ms]);
        }
      }
    }
  }
  const cell = (values: number[]) => {
    const { median, min, max } = stats(values);
    return `${median.toFixed(2)} ms [${min.toFixed(2)}–${max.toFixed(2)}]`;
  };
  console.log(
    `\nWorker answer (2 ms of work) handled by a plain page: post → answer, ${ROUNDS} rounds of each kind after ` +
      `${WARM_UP} warm-up rounds, alternating, median [min–max]; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
  );
  console.table(
    Object.fromEntries([...samples].map(([key, values]) => [key, { 'post → answer handled': cell(values) }])),
  );
  const median = (browser: string, kind: Kind, route: Route) => {
    const posted = kind === 'click' ? 'in a pointerdown listener (a click)' : 'from a timer';
    return stats(
      samples.get(`${browser}: posted ${posted}, answered on ${routeNames[route]}`) ?? [0],
    ).median.toFixed(2);
  };
  console.log(
    `input floor: after a click median ${median('default', 'click', 'port')} ms on the worker's port, ` +
      `${median('default', 'click', 'channel')} ms on a BroadcastChannel; from a timer ` +
      `${median('default', 'timer', 'port')} ms and ${median('default', 'timer', 'channel')} ms; with ` +
      `DeferRendererTasksAfterInput off, after a click ` +
      `${median('DeferRendererTasksAfterInput off', 'click', 'port')} ms on the port`,
  );
} finally {
  for (const session of Object.values(browsers)) await session.close();
  server.close();
}
