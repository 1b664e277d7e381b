// The push/fold tool's solve path (src/features/push-fold) on a Node worker pool, against the command line a player
// checks it with: the same charts, EVs, ICM equity and risk premiums, the charts saved with the CLI's frequencies,
// and the EV-priced diff worked out from the CLI's EVs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HAND_CLASSES } from '../../contract/hands.ts';
import type { EngineClient } from '../../src/engine/engine.client.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { chartBody, FOLD_COLOR, PUSH_COLOR } from '../../src/features/push-fold/chart-save.ts';
import { pricedDiff } from '../../src/features/push-fold/ev-diff.ts';
import { solveSpot } from '../../src/features/push-fold/solve-spot.ts';
import { decisionKey, type SolvedSpot } from '../../src/features/push-fold/solved-spot.ts';
import { DEFAULT_DRAFT, parseSpot } from '../../src/features/push-fold/spot-draft.ts';
import { potOdds } from '../e2e/support/tournament-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The last line the command line prints with --json, parsed. */
function cli<T>(script: string, args: string[]): T {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args, '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as T;
}

type ByClass = Record<string, number | null>;
const inGridOrder = (values: ByClass) => HAND_CLASSES.map((hand) => values[hand]!);
const decision = (solved: SolvedSpot, seat: number, pusher: number | null, caller: number | null = null) =>
  solved.decisions.find((entry) => entry.key === decisionKey(seat, pusher, caller))!;

let client: EngineClient;
beforeAll(() => {
  client = createNodeEngineClient(1);
});
afterAll(() => client.terminate());

const blinds = { small: 0.5, big: 1, ante: 0, ante_kind: 'per_player' as const };

describe('the push/fold tool’s solves against the command line', () => {
  it('heads-up in chip EV: the charts and EVs of `npm run pushfold -- --stack 10`', async () => {
    const expected = cli<{
      push: ByClass;
      call: ByClass;
      push_ev: ByClass;
      fold_ev: ByClass;
      call_ev: ByClass;
      call_fold_ev: ByClass;
    }>('scripts/pushfold-cli.ts', ['--stack', '10']);
    const progress: number[] = [];
    const solved = await solveSpot(
      client,
      { stacks: [10, 10], blinds, payouts: [] },
      { onProgress: (value) => progress.push(value) },
    );
    expect(progress.at(-1)).toBe(1);
    expect(solved.unit).toBe('bb');
    expect(solved.equity).toBeNull();
    const push = decision(solved, 0, null);
    const call = decision(solved, 1, 0);
    push.frequency.forEach((f, i) => expect(f).toBeCloseTo(inGridOrder(expected.push)[i]!, 4));
    call.frequency.forEach((f, i) => expect(f).toBeCloseTo(inGridOrder(expected.call)[i]!, 4));
    push.playEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(expected.push_ev)[i]!, 5));
    push.foldEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(expected.fold_ev)[i]!, 5));
    call.playEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(expected.call_ev)[i]!, 5));
    call.foldEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(expected.call_fold_ev)[i]!, 5));

    // Saved as a chart: the push weights are the CLI's frequencies in percent, the rest painted Fold.
    const body = chartBody(push, solved.unit, 1, {
      name: 'SB push 10bb',
      play: 'Push',
      fold: 'Fold',
      note: '',
    });
    for (const pair of body.pairs!) {
      const pushed = pair.colors.find((entry) => entry.color === PUSH_COLOR)?.weight ?? 0;
      const folded = pair.colors.find((entry) => entry.color === FOLD_COLOR)?.weight ?? 0;
      expect(pushed / 100, pair.hand).toBeCloseTo(expected.push[pair.hand]!, 9);
      expect(pushed + folded).toBeCloseTo(100, 9);
    }
    expect(body.spot_ev!.play.ev).toEqual(inGridOrder(expected.push_ev));
    expect(body.spot_ev!.fold.ev).toEqual(inGridOrder(expected.fold_ev));

    // The diff of "push everything" against the solution: per class (nash - 1) x (push EV - fold EV), from the CLI.
    const everything = HAND_CLASSES.map(() => 1);
    const diff = pricedDiff(push, everything);
    let perHand = 0;
    HAND_CLASSES.forEach((hand, index) => {
      const cost = (expected.push[hand]! - 1) * (expected.push_ev[hand]! - expected.fold_ev[hand]!);
      expect(diff.cells[index]!.cost!, hand).toBeCloseTo(cost, 5);
      perHand += (cost * (hand.length === 2 ? 6 : hand.endsWith('s') ? 4 : 12)) / 1326;
    });
    expect(diff.perHand!).toBeCloseTo(perHand, 6);
    // Folding too much costs: the chart that pushes everything gives up EV with the hands the solution folds.
    expect(diff.perHand!).toBeGreaterThan(0);
    expect(diff.changed).toBe(HAND_CLASSES.filter((hand) => expected.push[hand]! < 0.995).length);
  });

  it('a table of four under ICM: charts, EVs (in % of the pool), equity and risk premiums of the command line', async () => {
    const stacks = [10, 15, 8, 20];
    const payouts = [50, 30, 20];
    const expected = cli<{
      seats: Array<{
        equity_before: number;
        equity_after: number;
        push: ByClass | null;
        push_ev: ByClass | null;
        fold_ev: ByClass | null;
        calls: Array<{
          pusher: number;
          caller: number | null;
          call: ByClass;
          call_ev: ByClass;
          fold_ev: ByClass;
          risk_premium?: number;
        }>;
      }>;
      exploitability_pct: number;
    }>('scripts/pushfold-cli.ts', [
      '--stacks',
      stacks.join(','),
      '--payouts',
      payouts.join(','),
      '--ante',
      '0.125',
    ]);
    const solved = await solveSpot(client, { stacks, blinds: { ...blinds, ante: 0.125 }, payouts });
    expect(solved.unit).toBe('pool_pct');
    expect(solved.exploitability).toBeCloseTo(expected.exploitability_pct, 3);
    // The pool is 100, so prize units are percent of the pool.
    expected.seats.forEach((seat, index) => {
      expect(solved.equity!.before[index]!).toBeCloseTo(seat.equity_before, 5);
      expect(solved.equity!.after![index]!).toBeCloseTo(seat.equity_after, 5);
      if (seat.push) {
        const push = decision(solved, index, null);
        push.frequency.forEach((f, i) => expect(f).toBeCloseTo(inGridOrder(seat.push!)[i]!, 4));
        push.playEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(seat.push_ev!)[i]!, 5));
        push.foldEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(seat.fold_ev!)[i]!, 5));
      }
      for (const call of seat.calls) {
        const mine = decision(solved, index, call.pusher, call.caller);
        mine.frequency.forEach((f, i) => expect(f).toBeCloseTo(inGridOrder(call.call)[i]!, 4));
        const evs = inGridOrder(call.call_ev);
        mine.playEv.forEach((ev, i) =>
          evs[i] === null ? expect(ev).toBeNull() : expect(ev!).toBeCloseTo(evs[i]!, 5),
        );
        if (call.risk_premium !== undefined) {
          const premium = solved.riskPremiums.find(
            (entry) => entry.seat === index && entry.pusher === call.pusher,
          )!;
          expect(premium.icmBreakeven - premium.chipBreakeven).toBeCloseTo(call.risk_premium, 4);
          expect(premium.chipBreakeven).toBeCloseTo(potOdds(stacks, 0.125, call.pusher, index), 9);
        }
      }
    });
    expect(solved.riskPremiums).toHaveLength(6);
  });

  it('a satellite paying two seats: the command line’s prize units (a seat is 1) become percent of the pool of 2', async () => {
    const stacks = [6, 14, 9, 11, 5];
    const args = ['--stacks', stacks.join(','), '--payouts', '1,1'];
    const expected = cli<{
      seats: Array<{
        equity_before: number;
        equity_after: number;
        push: ByClass | null;
        push_ev: ByClass | null;
      }>;
      exploitability_pct: number;
    }>('scripts/pushfold-cli.ts', args);
    const icm = cli<{ equity: number[] }>('scripts/icm-cli.ts', args);
    const solved = await solveSpot(client, { stacks, blinds, payouts: [1, 1] });
    expect(solved.unit).toBe('pool_pct');
    expect(solved.exploitability).toBeCloseTo(expected.exploitability_pct, 3);
    expected.seats.forEach((seat, index) => {
      expect(solved.equity!.before[index]!).toBeCloseTo(icm.equity[index]! * 50, 4);
      expect(solved.equity!.after![index]!).toBeCloseTo(seat.equity_after * 50, 4);
      if (!seat.push) return;
      const push = decision(solved, index, null);
      push.frequency.forEach((f, i) => expect(f).toBeCloseTo(inGridOrder(seat.push!)[i]!, 4));
      push.playEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(seat.push_ev!)[i]! * 50, 4));
    });
  });

  it('a spot typed in chips with a big blind ante: the editor’s spot is the command line’s in big blinds', async () => {
    const { spot, errors } = parseSpot({
      ...DEFAULT_DRAFT,
      players: 4,
      unit: 'chips',
      stacks: ['2000', '3000', '1600', '4000'],
      smallBlind: '100',
      bigBlind: '200',
      ante: '200',
      anteKind: 'big_blind',
      preset: 'top3',
    });
    expect(errors).toEqual([]);
    const expected = cli<{ seats: Array<{ equity_before: number; push: ByClass | null }> }>(
      'scripts/pushfold-cli.ts',
      ['--stacks', '10,15,8,20', '--payouts', '50,30,20', '--ante', '1', '--bb-ante'],
    );
    const solved = await solveSpot(client, spot!);
    expected.seats.forEach((seat, index) => {
      expect(solved.equity!.before[index]!).toBeCloseTo(seat.equity_before, 5);
      if (!seat.push) return;
      const push = decision(solved, index, null);
      push.frequency.forEach((f, i) => expect(f).toBeCloseTo(inGridOrder(seat.push!)[i]!, 4));
    });
  });

  it('heads-up under ICM: prize equity in % of the pool and the seats’ equity of `npm run icm`', async () => {
    const expected = cli<{ seats: Array<{ push: ByClass | null; push_ev?: ByClass }> }>(
      'scripts/pushfold-cli.ts',
      ['--stacks', '12,8', '--payouts', '65,35'],
    );
    const icm = cli<{ equity: number[] }>('scripts/icm-cli.ts', ['--stacks', '12,8', '--payouts', '65,35']);
    const solved = await solveSpot(client, { stacks: [12, 8], blinds, payouts: [65, 35] });
    expect(solved.unit).toBe('pool_pct');
    solved.equity!.before.forEach((value, seat) => expect(value).toBeCloseTo(icm.equity[seat]!, 5));
    const push = decision(solved, 0, null);
    push.playEv.forEach((ev, i) => expect(ev!).toBeCloseTo(inGridOrder(expected.seats[0]!.push_ev!)[i]!, 5));
  });
});
