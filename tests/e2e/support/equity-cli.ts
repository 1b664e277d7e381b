// The engine's command line (scripts/equity-cli.ts, the same wasm build the browser runs): the oracle the browser
// specs check the page's figures against.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** One player's figures as the command line prints them. */
export interface CliSide {
  equity: number;
  win: number;
  tie: number;
}

/** The command line's JSON for `args` (--hero, --villain…, --board, --dead). */
export function equityCli(args: string[]): Record<string, CliSide | string | number> {
  const output = execFileSync(`${ROOT}node_modules/.bin/tsx`, ['scripts/equity-cli.ts', ...args, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, CliSide | string | number>;
}

/** The hero's equity of `hero` against `villain` on `board`, a fraction (printed to 6 decimals). */
export function heroEquity(hero: string, villain: string, board = ''): number {
  const result = equityCli(['--hero', hero, '--villain', villain, ...(board ? ['--board', board] : [])]);
  return (result.hero as CliSide).equity;
}

/** The hero's equity of `hero` against `villain` on `board`, as the panel formats it ("54.44%"). */
export const cliEquity = (hero: string, villain: string, board = ''): string =>
  `${(heroEquity(hero, villain, board) * 100).toFixed(2)}%`;
