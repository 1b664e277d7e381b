// The tournament command lines (scripts/pushfold-cli.ts, scripts/icm-cli.ts, on the same wasm build the browser runs)
// and pot odds worked out by hand: the oracles the push/fold tests check the page's charts, EVs and equity against.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Per-class values by class name ("AA", "AKs"), as the command lines print them. */
export type ByClass = Record<string, number>;
export type EvByClass = Record<string, number | null>;

function run<T>(script: string, args: string[]): T {
  const output = execFileSync(`${ROOT}node_modules/.bin/tsx`, [script, ...args, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}

export interface HeadsUpCli {
  push: ByClass;
  call: ByClass;
  push_ev: EvByClass;
  fold_ev: EvByClass;
  call_ev: EvByClass;
  call_fold_ev: EvByClass;
  exploitability_bb: number;
}

export interface TableCli {
  seats: Array<{
    seat: number;
    equity_before: number;
    equity_after: number;
    push: ByClass | null;
    push_ev: EvByClass | null;
    fold_ev: EvByClass | null;
    calls: Array<{
      pusher: number;
      caller: number | null;
      call: ByClass;
      call_ev: EvByClass;
      fold_ev: EvByClass;
      risk_premium?: number;
    }>;
  }>;
  exploitability_pct: number;
}

export interface ThresholdsCli {
  push: ByClass;
  call: ByClass;
  gaps: { push: Record<string, number[][]>; call: Record<string, number[][]> };
}

/** `npm run pushfold -- --stack N`: heads-up in chip EV. */
export const headsUpCli = (stack: number) =>
  run<HeadsUpCli>('scripts/pushfold-cli.ts', ['--stack', String(stack)]);

/** `npm run pushfold -- --stacks ... --payouts ... [--ante]`: a table under ICM. */
export const tableCli = (stacks: number[], payouts: number[], ante = 0) =>
  run<TableCli>('scripts/pushfold-cli.ts', [
    '--stacks',
    stacks.join(','),
    '--payouts',
    payouts.join(','),
    '--ante',
    String(ante),
  ]);

/** `npm run pushfold -- --thresholds`. */
export const thresholdsCli = () => run<ThresholdsCli>('scripts/pushfold-cli.ts', ['--thresholds']);

/** `npm run icm -- --stacks ... --payouts ...`: prize equity in the payouts' unit. */
export const icmCli = (stacks: number[], payouts: number[]) =>
  run<{ equity: number[] }>('scripts/icm-cli.ts', [
    '--stacks',
    stacks.join(','),
    '--payouts',
    payouts.join(','),
  ]).equity;

/**
 * Pot odds by hand: the all-in equity seat `seat` needs to call `pusher`'s push in chips when everyone else folded,
 * with blinds 0.5/1 and `ante` from every player. Each of the two puts in the shorter stack (its ante included), the
 * others leave what they posted; calling risks what the caller has not posted yet.
 */
export function potOdds(stacks: number[], ante: number, pusher: number, seat: number): number {
  const n = stacks.length;
  const posted = stacks.map((stack, index) =>
    Math.min(stack, ante + (index === n - 2 ? 0.5 : index === n - 1 ? 1 : 0)),
  );
  const allIn = Math.min(stacks[pusher]!, stacks[seat]!);
  const dead = posted.reduce(
    (sum, value, index) => (index === pusher || index === seat ? sum : sum + value),
    0,
  );
  return (allIn - posted[seat]!) / (dead + 2 * allIn);
}
