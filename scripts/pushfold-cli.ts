// `npm run pushfold -- ...`: push/fold equilibria from the same wasm build and worker pool the browser uses.
//   --stack 10 [--ante 0.1] [--sb 0.5] [--bb 1]      heads-up, chip EV, effective stack in big blinds
//   --stacks 10,15,8,20 --payouts 50,30,20 [--ante] table (2 to 9 players) under ICM, first to act first
//   --thresholds [--ante 0.1]                          heads-up threshold chart, 1 to 20 bb in 0.1 bb steps
// With --json the last line printed is one JSON object: the charts (frequencies per class) and each class's EV of
// each action (chip EV in big blinds heads-up, prize equity in the payouts' unit at a table); bad input prints one
// line and exits with code 2.
import { GRID_RANKS, HAND_CLASSES } from '../contract/hands.ts';
import type { Blinds, TableSolution } from '../src/engine/engine-types.ts';
import { createNodeEngineClient } from '../src/engine/node/node-engine-client.ts';
import { solveHeadsUp, solveTable, thresholdChart } from '../src/engine/tournament.client.ts';
import {
  fail,
  MAX_PUSHFOLD_PLAYERS,
  readNumber,
  readOptions,
  readPayouts,
  readPositive,
  readStacks,
  toJson,
  UsageError,
} from './lib/tournament-args.ts';

const usage = `Usage: npm run pushfold -- --stack 10 [--ante 0.1] [--sb 0.5] [--bb 1] [--json]
       npm run pushfold -- --stacks 10,15,8,20 --payouts 50,30,20 [--ante 0.125] [--bb-ante] [--json]
       npm run pushfold -- --thresholds [--ante 0.1] [--json]
Stacks and blinds are in big blinds; --stacks lists the players in order of action, the last two are the blinds.`;

const readCommandLine = () =>
  readOptions({
    stack: { type: 'string' },
    stacks: { type: 'string' },
    payouts: { type: 'string' },
    thresholds: { type: 'boolean', default: false },
    ante: { type: 'string', default: '0' },
    'bb-ante': { type: 'boolean', default: false },
    sb: { type: 'string', default: '0.5' },
    bb: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });

const round = (value: number, digits = 6) => Math.round(value * 10 ** digits) / 10 ** digits;
/** Per-class values in grid order ("AA", "AKs", ...), printed as a JSON object by toJson. */
const byName = <T>(values: readonly T[]) =>
  new Map(HAND_CLASSES.map((name, index) => [name, values[index]!]));
const chart = (values: readonly number[]) => byName(values.map((value) => round(value, 4)));
/** Per-class EVs (null where the class never reaches the decision), to six decimals. */
const evs = (values: readonly (number | null)[]) =>
  byName(values.map((value) => (value === null ? null : round(value))));

/** A 13x13 grid of per-class numbers for the terminal. */
function grid(title: string, values: readonly number[], format: (value: number) => string): string {
  const rows = GRID_RANKS.map((rank, row) =>
    [rank.padEnd(2), ...GRID_RANKS.map((_, col) => format(values[row * 13 + col]!).padStart(5))].join(''),
  );
  return [title, `  ${GRID_RANKS.map((rank) => rank.padStart(5)).join('')}`, ...rows].join('\n');
}

function blindsOf(options: ReturnType<typeof readCommandLine>): Blinds {
  const small = readNumber(options.sb, '--sb');
  const big = readPositive(options.bb, '--bb');
  if (small > big) throw new UsageError(`--sb (${small}) must not be above --bb (${big})`);
  return {
    small,
    big,
    ante: readNumber(options.ante, '--ante'),
    ante_kind: options['bb-ante'] ? 'big_blind' : 'per_player',
  };
}

/** Per seat: its push chart (not the big blind), its call and overcall charts, its equity before and after. */
function tableOutput(stacks: number[], payouts: number[], blinds: Blinds, solution: TableSolution) {
  const seats = stacks.map((stack, seat) => {
    const open = solution.decisions.find((d) => d.seat === seat && d.pusher === null);
    const calls = solution.decisions
      .filter((d) => d.seat === seat && d.pusher !== null)
      .map((d) => ({
        pusher: d.pusher,
        caller: d.caller,
        reach: round(d.reach),
        call: chart(d.frequency),
        call_ev: evs(d.play_ev),
        fold_ev: evs(d.fold_ev),
        ...(d.icm_breakeven === null || d.chip_breakeven === null
          ? {}
          : { risk_premium: round(d.icm_breakeven - d.chip_breakeven, 4) }),
      }));
    return {
      seat,
      stack,
      equity_before: round(solution.equity_before[seat]!),
      equity_after: round(solution.equity_after[seat]!),
      push: open ? chart(open.frequency) : null,
      push_ev: open ? evs(open.play_ev) : null,
      fold_ev: open ? evs(open.fold_ev) : null,
      calls,
    };
  });
  return {
    stacks,
    payouts,
    ante: blinds.ante,
    ante_kind: blinds.ante_kind,
    seats,
    exploitability_pct: round(solution.exploitability * 100, 4),
    iterations: solution.iterations,
  };
}

async function main() {
  const options = readCommandLine();
  if (options.help) {
    console.log(usage);
    return;
  }
  const modes = [options.stack !== undefined, options.stacks !== undefined, options.thresholds].filter(
    Boolean,
  );
  if (modes.length !== 1) throw new UsageError('give exactly one of --stack, --stacks or --thresholds');
  const blinds = blindsOf(options);
  if (options.payouts !== undefined && options.stacks === undefined)
    throw new UsageError('--payouts goes with --stacks (a table under ICM)');

  const client = createNodeEngineClient(1);
  const started = performance.now();
  try {
    if (options.stack !== undefined) {
      const stack = readPositive(options.stack, '--stack');
      const solution = await solveHeadsUp(client, {
        stacks: [stack, stack],
        blinds,
        payouts: [],
        others: [],
      });
      const output = {
        stack,
        sb: blinds.small,
        bb: blinds.big,
        ante: blinds.ante,
        push: chart(solution.push),
        call: chart(solution.call),
        push_ev: evs(solution.push_ev),
        fold_ev: evs(solution.fold_ev),
        call_ev: evs(solution.call_ev),
        call_fold_ev: evs(solution.call_fold_ev),
        exploitability_bb: solution.exploitability,
        ms: round(performance.now() - started, 1),
      };
      if (!options.json) {
        console.log(grid(`Small blind push (${stack} bb)`, solution.push, (f) => (100 * f).toFixed(0)));
        console.log(grid('Big blind call', solution.call, (f) => (100 * f).toFixed(0)));
        console.log(`exploitability ${solution.exploitability.toExponential(2)} bb`);
      }
      if (options.json) console.log(toJson(output));
      return;
    }
    if (options.thresholds) {
      if (blinds.small !== 0.5 || blinds.big !== 1)
        throw new UsageError('--thresholds uses blinds of 0.5 and 1 big blind; give only --ante');
      const result = await thresholdChart(client, blinds.ante);
      const gaps = (side: 'push' | 'call') =>
        new Map(result[side].flatMap((t, index) => (t.gaps.length ? [[HAND_CLASSES[index]!, t.gaps]] : [])));
      const output = {
        ante: blinds.ante,
        push: byName(result.push.map((t) => t.max)),
        call: byName(result.call.map((t) => t.max)),
        gaps: { push: gaps('push'), call: gaps('call') },
        max_exploitability_bb: result.max_exploitability,
        ms: round(performance.now() - started, 1),
      };
      if (!options.json) {
        const show = (max: number) => (max >= 20 ? '20+' : max.toFixed(1));
        console.log(
          grid(
            'Push up to (bb)',
            result.push.map((t) => t.max),
            show,
          ),
        );
        console.log(
          grid(
            'Call up to (bb)',
            result.call.map((t) => t.max),
            show,
          ),
        );
      }
      if (options.json) console.log(toJson(output));
      return;
    }
    const stacks = readStacks(options.stacks, '--stacks', 2, MAX_PUSHFOLD_PLAYERS);
    if (options.payouts === undefined) throw new UsageError('--stacks needs --payouts (first place first)');
    const payouts = readPayouts(options.payouts, stacks.length);
    let output;
    if (stacks.length === 2) {
      const solution = await solveHeadsUp(client, {
        stacks: [stacks[0]!, stacks[1]!],
        blinds,
        payouts,
        others: [],
      });
      const pool = payouts.reduce((sum, payout) => sum + payout, 0);
      output = {
        stacks,
        payouts,
        ante: blinds.ante,
        seats: [
          {
            seat: 0,
            stack: stacks[0],
            push: chart(solution.push),
            push_ev: evs(solution.push_ev),
            fold_ev: evs(solution.fold_ev),
            calls: [],
          },
          {
            seat: 1,
            stack: stacks[1],
            push: null,
            calls: [
              {
                pusher: 0,
                caller: null,
                call: chart(solution.call),
                call_ev: evs(solution.call_ev),
                fold_ev: evs(solution.call_fold_ev),
              },
            ],
          },
        ],
        exploitability_pct: round((100 * solution.exploitability) / pool, 6),
      };
    } else {
      const solution = await solveTable(client, { stacks, blinds, payouts });
      output = tableOutput(stacks, payouts, blinds, solution);
      if (!options.json) {
        for (const seat of output.seats) {
          const open = solution.decisions.find((d) => d.seat === seat.seat && d.pusher === null);
          if (open)
            console.log(grid(`Seat ${seat.seat + 1} push`, open.frequency, (f) => (100 * f).toFixed(0)));
        }
        console.log(
          `exploitability ${output.exploitability_pct}% of the prize pool, ${output.iterations} iterations`,
        );
      }
    }
    if (options.json) console.log(toJson({ ...output, ms: round(performance.now() - started, 1) }));
  } finally {
    client.terminate();
  }
}

await main().catch(fail);
