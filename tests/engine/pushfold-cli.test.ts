// The tournament command lines (scripts/pushfold-cli.ts, scripts/icm-cli.ts) as a player runs them: the JSON on the
// last line, the published heads-up Nash values, a table solve within its bound, ICM against the model's definition
// summed over every finishing order, and bad input refused with one line and exit code 2.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { cardIndex, classCombos, HAND_CLASSES } from '../../contract/hands.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The last line printed, parsed, and its text (parsing lists integer-like keys such as "22" first). */
function json<T>(script: string, args: string[]): T & { text: string } {
  const { status, stdout, stderr } = run(script, [...args, '--json']);
  expect(status, stderr).toBe(0);
  const text = stdout.trim().split('\n').at(-1)!;
  return { ...(JSON.parse(text) as T), text };
}

/** The keys of the first object after `"field":` in the JSON text, in the order printed. */
function keysInOrder(text: string, field: string): string[] {
  const start = text.indexOf(`"${field}":{`);
  const body = text.slice(start + field.length + 4, text.indexOf('}', start));
  return [...body.matchAll(/"([^"]+)":/g)].map((match) => match[1]!);
}

/** Malmuth-Harville by definition: every finishing order, each place drawn in proportion to the chips left. */
function icmByOrders(stacks: number[], payouts: number[]): number[] {
  const equity = stacks.map(() => 0);
  const walk = (left: number[], probability: number, place: number) => {
    const chips = left.reduce((sum, player) => sum + stacks[player]!, 0);
    for (const player of left) {
      const p = (probability * stacks[player]!) / chips;
      equity[player]! += p * (payouts[place] ?? 0);
      walk(
        left.filter((other) => other !== player),
        p,
        place + 1,
      );
    }
  };
  walk(
    stacks.map((_, index) => index),
    1,
    0,
  );
  return equity;
}

type Chart = Record<string, number>;
type Evs = Record<string, number | null>;

/** The chart as PokerStove text with weights ("AA, KQo:0.4"), the classes it plays at all. */
const chartText = (chart: Chart) =>
  Object.entries(chart)
    .filter(([, f]) => f > 0)
    .map(([hand, f]) => (f >= 1 ? hand : `${hand}:${f}`))
    .join(', ');

/**
 * The small blind's chip EV (bb) of pushing `combo` with `stack` bb each against the big blind's call chart, from
 * first principles: the big blind holds each of the 1,225 hands the combo leaves equally likely and calls with the
 * chart's weight; a fold wins the big blind (+1), a call is an all-in for the whole stack won with the equity the
 * equity command line gives against the calling range (card removal included).
 */
function pushEvByHand(combo: string, call: Chart, stack: number): number {
  const cards = [cardIndex(combo.slice(0, 2)), cardIndex(combo.slice(2))];
  let called = 0;
  for (const [hand, f] of Object.entries(call)) {
    for (const villain of classCombos(hand)) {
      const held = [cardIndex(villain.slice(0, 2)), cardIndex(villain.slice(2))];
      if (!held.some((card) => cards.includes(card))) called += f;
    }
  }
  const share = called / 1225;
  const { hero } = json<{ hero: { equity: number } }>('scripts/equity-cli.ts', [
    '--hero',
    combo,
    '--villain',
    chartText(call),
  ]);
  return (1 - share) * 1 + share * (hero.equity * 2 * stack - stack);
}

describe('npm run icm', () => {
  it('prints each stack’s prize equity', () => {
    const cases: Array<[number[], number[]]> = [
      [
        [5000, 3000, 2000],
        [50, 30, 20],
      ],
      [
        [12, 7, 7, 3, 20, 1],
        [40, 25, 15, 10],
      ],
    ];
    for (const [stacks, payouts] of cases) {
      const { equity } = json<{ equity: number[] }>('scripts/icm-cli.ts', [
        '--stacks',
        stacks.join(','),
        '--payouts',
        payouts.join(','),
      ]);
      const expected = icmByOrders(stacks, payouts);
      equity.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 5));
    }
  });
});

describe('npm run pushfold', () => {
  it('solves heads-up at one stack: every class in grid order, AA pushed and called, 72o folded', () => {
    const result = json<{ stack: number; push: Chart; call: Chart; exploitability_bb: number }>(
      'scripts/pushfold-cli.ts',
      ['--stack', '10'],
    );
    expect(result.stack).toBe(10);
    expect(keysInOrder(result.text, 'push')).toEqual(HAND_CLASSES);
    expect(keysInOrder(result.text, 'call')).toEqual(HAND_CLASSES);
    expect(result.push.AA).toBe(1);
    expect(result.call.AA).toBe(1);
    expect(result.push['72o']).toBe(0);
    expect(result.exploitability_bb).toBeLessThanOrEqual(0.001);
    // An ante widens the small blind's pushes.
    const ante = json<{ push: Chart }>('scripts/pushfold-cli.ts', ['--stack', '10', '--ante', '0.1']);
    const pushed = (chart: Chart) => Object.values(chart).reduce((sum, f) => sum + f, 0);
    expect(pushed(ante.push)).toBeGreaterThan(pushed(result.push));
  });

  it('prints each class’s EV of each action, equal to the EV worked out by hand from the equity command line', () => {
    const stack = 10;
    const result = json<{
      push: Chart;
      call: Chart;
      push_ev: Evs;
      fold_ev: Evs;
      call_ev: Evs;
      call_fold_ev: Evs;
    }>('scripts/pushfold-cli.ts', ['--stack', String(stack)]);
    expect(keysInOrder(result.text, 'push_ev')).toEqual(HAND_CLASSES);
    // Folding the small blind loses it; folding the big blind to a push loses the big blind.
    for (const hand of HAND_CLASSES) {
      expect(result.fold_ev[hand]).toBe(-0.5);
      expect(result.call_fold_ev[hand]).toBe(-1);
    }
    for (const [combo, hand] of [
      ['AsAh', 'AA'],
      ['7s2h', '72o'],
      ['Td3d', 'T3s'],
    ] as const) {
      expect(result.push_ev[hand]!, hand).toBeCloseTo(pushEvByHand(combo, result.call, stack), 4);
    }
    // At the equilibrium a class is pushed only where pushing is worth at least folding, and called likewise.
    for (const hand of HAND_CLASSES) {
      const pushGain = result.push_ev[hand]! - result.fold_ev[hand]!;
      if (result.push[hand] === 1) expect(pushGain, hand).toBeGreaterThanOrEqual(-1e-6);
      if (result.push[hand] === 0) expect(pushGain, hand).toBeLessThanOrEqual(1e-6);
      const callGain = result.call_ev[hand]! - result.call_fold_ev[hand]!;
      if (result.call[hand] === 1) expect(callGain, hand).toBeGreaterThanOrEqual(-1e-6);
      if (result.call[hand] === 0) expect(callGain, hand).toBeLessThanOrEqual(1e-6);
    }
  });

  it('prints the threshold chart with the published values and gaps', () => {
    const result = json<{ push: Chart; call: Chart; gaps: { push: Record<string, number[][]> } }>(
      'scripts/pushfold-cli.ts',
      ['--thresholds'],
    );
    // HoldemResources.net heads-up Nash charts: T3s pushes up to 7.7 bb, Q2o calls up to 5.6 bb, 63s pushes
    // between 5.1 and 7.1 bb and below 2.3 bb.
    expect(result.push.T3s).toBe(7.7);
    expect(result.call.Q2o).toBe(5.6);
    expect(result.push['63s']).toBe(7.1);
    expect(result.gaps.push['63s']).toContainEqual([2.4, 5]);
    expect(result.push.AA).toBe(20);
  });

  it('solves a table under ICM within 0.1% of the prize pool', () => {
    const result = json<{
      seats: Array<{ seat: number; push: Chart | null; calls: Array<{ pusher: number; call: Chart }> }>;
      exploitability_pct: number;
    }>('scripts/pushfold-cli.ts', ['--stacks', '10,15,8,20', '--payouts', '50,30,20', '--ante', '0.125']);
    expect(result.exploitability_pct).toBeLessThanOrEqual(0.1);
    expect(result.seats).toHaveLength(4);
    expect(result.seats[3]!.push).toBeNull();
    expect(keysInOrder(result.text, 'push')).toEqual(HAND_CLASSES);
    expect(Object.keys(result.seats[0]!.push!).sort()).toEqual([...HAND_CLASSES].sort());
    // The big blind decides against every pusher, and against every push and call.
    expect(result.seats[3]!.calls).toHaveLength(6);
    expect(result.seats[0]!.calls).toHaveLength(0);
    // Each decision's EVs in prize units: every class of a first-in push gets there; a class played for sure is
    // worth at least its fold (within the solve's tolerance, 0.1% of the pool of 100).
    const first = result.seats[0] as unknown as { push: Chart; push_ev: Evs; fold_ev: Evs };
    expect(keysInOrder(result.text, 'push_ev')).toEqual(HAND_CLASSES);
    for (const hand of HAND_CLASSES) {
      expect(first.push_ev[hand], hand).not.toBeNull();
      expect(first.push_ev[hand]!).toBeGreaterThan(0);
      expect(first.push_ev[hand]!).toBeLessThan(100);
      if (first.push[hand] === 1) expect(first.push_ev[hand]! - first.fold_ev[hand]!).toBeGreaterThan(-0.1);
      if (first.push[hand] === 0) expect(first.push_ev[hand]! - first.fold_ev[hand]!).toBeLessThan(0.1);
    }
  });

  it('refuses bad input with one line and exit code 2', () => {
    const bad: Array<[string, string[], RegExp]> = [
      ['scripts/pushfold-cli.ts', ['--stack', '0'], /must be positive/],
      ['scripts/pushfold-cli.ts', ['--stacks', '10,15', '--payouts', '50,30,20'], /3 places for 2 players/],
      ['scripts/pushfold-cli.ts', ['--stack', '10', '--ante=-0.1'], /must not be negative/],
      ['scripts/pushfold-cli.ts', ['--stack', 'ten'], /not a number/],
      ['scripts/pushfold-cli.ts', ['--stacks', '1,1,1,1,1,1,1,1,1,1', '--payouts', '1'], /at most 9 players/],
      ['scripts/pushfold-cli.ts', ['--stack', '10', '--stacks', '10,10,10'], /exactly one of/],
      ['scripts/pushfold-cli.ts', ['--bogus'], /Unknown option/],
      ['scripts/icm-cli.ts', ['--stacks', '1,2,3,4,5,6,7,8,9,10,11', '--payouts', '1'], /at most 10 players/],
      ['scripts/icm-cli.ts', ['--stacks', '5,0,2', '--payouts', '1'], /player 2 must be positive/],
      ['scripts/icm-cli.ts', ['--stacks', '5,3', '--payouts', '1,x'], /not a number/],
    ];
    for (const [script, args, message] of bad) {
      const { status, stdout, stderr } = run(script, [...args, '--json']);
      expect(status, `${args.join(' ')}: ${stderr}`).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(message);
    }
  });
});
