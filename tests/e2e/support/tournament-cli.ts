// The tournament command lines (scripts/pushfold-cli.ts, scripts/icm-cli.ts, on the same wasm build the browser runs):
// the oracle the push/fold specs check the page's charts, EVs and equity against.
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
