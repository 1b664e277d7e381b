/**
 * One Premium player copies and deletes a folder of about 2,500 charts as fast as the write budget lets them, while
 * another player saves a range and a visitor opens the store. Prints the flood's own answers and the latencies the
 * others see, against the same calls with no flood, on the default write budget (WRITE_RATE_LIMIT 120).
 *
 *   node scripts/run.mjs tsx tests/bench/library-flood.bench.ts [sqlite|postgres] [seconds] [write limit]
 *
 * A write limit far above 120 shows what the copies and deletes cost the database when the budget does not stop them.
 */
import { performance } from 'node:perf_hooks';

import { seedDatabase } from '../../server/db/seed.ts';
import { as, makePremium, registerUser } from '../server/helpers/api.ts';
import { createTestApp, type DatabaseKind } from '../server/helpers/test-app.ts';

const kind = (process.argv[2] ?? 'sqlite') as DatabaseKind;
const SECONDS = Number(process.argv[3] ?? 20);
const WRITE_LIMIT = process.argv[4] ?? '120';
const FOLDERS = 48;
const RANGES_PER_FOLDER = 50;

const chart = JSON.stringify(
  Object.fromEntries(
    ['AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs', 'AQs', 'AKo', 'AJs', 'KQs'].map((hand) => [
      hand,
      [{ color: '#1847BE', weight: 100 }],
    ]),
  ),
);

/** The value below which `share` percent of the samples fall (nearest rank). */
function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((share / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const t = await createTestApp(kind, { WRITE_RATE_LIMIT: WRITE_LIMIT });
  await seedDatabase(t.app.services.db);
  const attacker = await registerUser(t.app);
  await makePremium(t.app, attacker);
  const player = await registerUser(t.app);
  const db = t.app.services.db.kysely;
  const now = new Date().toISOString();
  const row = (
    userId: number,
    parentId: number | null,
    kindName: string,
    name: string,
    position: number,
  ) => ({
    user_id: userId,
    root_type: 'preflop_root',
    parent_id: parentId,
    kind: kindName,
    name,
    position,
    note: '',
    buttons: '[]',
    pairs: kindName === 'range' ? chart : '{}',
    is_template: 0,
    created_at: now,
    updated_at: now,
  });
  const top = await db
    .insertInto('categories')
    .values(row(attacker.id, null, 'folder', 'Big folder', 0))
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let folder = 0; folder < FOLDERS; folder += 1) {
    const sub = await db
      .insertInto('categories')
      .values(row(attacker.id, top.id, 'folder', `Spot ${folder}`, folder))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('categories')
      .values(
        Array.from({ length: RANGES_PER_FOLDER }, (_, index) =>
          row(attacker.id, sub.id, 'range', `Range ${index}`, index),
        ),
      )
      .execute();
  }
  const size = 1 + FOLDERS * (1 + RANGES_PER_FOLDER);
  const range = await as(t.app, player, {
    method: 'POST',
    url: '/api/v1/categories',
    payload: { name: 'Mine', kind: 'range', root_type: 'preflop_root' },
  });
  const rangeId = range.json().data.id as number;

  let weight = 1;
  const playerWrite = async (): Promise<number> => {
    weight = (weight % 100) + 1;
    const started = performance.now();
    const response = await as(t.app, player, {
      method: 'POST',
      url: `/api/v1/categories/${rangeId}`,
      payload: { pairs: [{ hand: 'AA', colors: [{ color: '#1847BE', weight }] }] },
    });
    if (response.statusCode !== 200) throw new Error(`player write ${response.statusCode} ${response.body}`);
    return performance.now() - started;
  };
  const storePage = async (): Promise<number> => {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/shop' });
    if (response.statusCode !== 200) throw new Error(`store ${response.statusCode}`);
    return performance.now() - started;
  };
  /** The other player saves every 250 ms and a visitor opens the store every 250 ms until `done`. */
  const observe = async (until: () => boolean) => {
    const writes: number[] = [];
    const store: number[] = [];
    const loop = async (call: () => Promise<number>, into: number[]) => {
      while (!until()) {
        into.push(await call());
        await sleep(250);
      }
    };
    await Promise.all([loop(playerWrite, writes), loop(storePage, store)]);
    return { writes, store };
  };
  const report = (label: string, figures: { writes: number[]; store: number[] }) =>
    console.log(
      `${label}: other player's write median ${ms(percentile(figures.writes, 50))}, p95 ${ms(
        percentile(figures.writes, 95),
      )} (${figures.writes.length}); store page median ${ms(percentile(figures.store, 50))}, p95 ${ms(
        percentile(figures.store, 95),
      )}`,
    );

  const quietEnd = performance.now() + 5_000;
  report('quiet', await observe(() => performance.now() > quietEnd));

  // The flood: copy the folder, delete the copy, again; never more than 120 requests a minute (one per 500 ms).
  const floodEnd = performance.now() + SECONDS * 1000;
  const answers = new Map<string, number>();
  const copyTimes: number[] = [];
  const deleteTimes: number[] = [];
  const flood = async () => {
    const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
    while (performance.now() < floodEnd) {
      const started = performance.now();
      const copy = await as(t.app, attacker, {
        method: 'POST',
        url: `/api/v1/categories/${top.id}/copy/down`,
      });
      count(`copy ${copy.statusCode}`);
      if (copy.statusCode === 200) copyTimes.push(performance.now() - started);
      await sleep(Math.max(0, 500 - (performance.now() - started)));
      if (copy.statusCode !== 200) continue;
      const removing = performance.now();
      const removed = await as(t.app, attacker, {
        method: 'DELETE',
        url: `/api/v1/categories/${copy.json().data.id as number}`,
      });
      count(`delete ${removed.statusCode}`);
      if (removed.statusCode === 200) deleteTimes.push(performance.now() - removing);
      await sleep(Math.max(0, 500 - (performance.now() - removing)));
    }
  };
  const [figures] = await Promise.all([observe(() => performance.now() > floodEnd), flood()]);
  console.log(`${kind}, folder of ${size} nodes, ${SECONDS} s of flood, WRITE_RATE_LIMIT ${WRITE_LIMIT}`);
  console.log(`flood answers: ${[...answers].map(([what, n]) => `${what} x${n}`).join(', ')}`);
  if (copyTimes.length > 0)
    console.log(
      `copy median ${ms(percentile(copyTimes, 50))}, delete median ${ms(percentile(deleteTimes, 50))}`,
    );
  report('flood', figures);
  await t.close();
}

await main();
