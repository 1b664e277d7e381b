// Checks for the tournament command lines (pushfold, icm): every number the player types is read strictly and
// checked here, so a bad input gets one line saying what is wrong and exit code 2, and the engine only ever sees
// spots it accepts. The engine checks the same rules again.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** A problem with the command line, reported as one line with exit code 2. */
export class UsageError extends Error {}

/** The command line's options (strict: an unknown or malformed one is a UsageError with the first line of why). */
export function readOptions<T extends ParseArgsOptionsConfig>(options: T) {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}

/** Limits of the engine (crates/equity/src/tournament): ICM takes 2 to 10 players, push/fold 2 to 9. */
export const MAX_ICM_PLAYERS = 10;
export const MAX_PUSHFOLD_PLAYERS = 9;

const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A finite, non-negative decimal ("10", "0.125", "1e3"); anything else is a UsageError naming the option. */
export function readNumber(text: string | undefined, option: string): number {
  const trimmed = (text ?? '').trim();
  const value = Number(trimmed);
  if (trimmed.startsWith('-') && Number.isFinite(value))
    throw new UsageError(`${option} must not be negative: ${text}`);
  if (!NUMBER.test(trimmed) || !Number.isFinite(value))
    throw new UsageError(`${option} is not a number: "${text ?? ''}"`);
  return value;
}

export function readPositive(text: string | undefined, option: string): number {
  const value = readNumber(text, option);
  if (value <= 0) throw new UsageError(`${option} must be positive, got ${text}`);
  return value;
}

/** A comma-separated list of numbers ("10,15,8,20"). */
export function readList(text: string | undefined, option: string): number[] {
  if (!text?.trim()) throw new UsageError(`${option} needs a comma-separated list of numbers`);
  return text.split(',').map((item, index) => readNumber(item, `${option} item ${index + 1}`));
}

/** Stacks: `min` to `max` of them, each positive. */
export function readStacks(text: string | undefined, option: string, min: number, max: number): number[] {
  const stacks = readList(text, option);
  if (stacks.length < min)
    throw new UsageError(`${option} needs at least ${min} stacks, got ${stacks.length}`);
  if (stacks.length > max)
    throw new UsageError(`${option} takes at most ${max} players, got ${stacks.length}`);
  stacks.forEach((stack, index) => {
    if (stack <= 0)
      throw new UsageError(`${option}: the stack of player ${index + 1} must be positive, got ${stack}`);
  });
  return stacks;
}

/** Payouts for `players` players: 1 to `players` of them, not all zero. */
export function readPayouts(text: string | undefined, players: number): number[] {
  const payouts = readList(text, '--payouts');
  if (payouts.length > players)
    throw new UsageError(
      `--payouts has ${payouts.length} places for ${players} players: at most one per player`,
    );
  if (payouts.every((payout) => payout === 0)) throw new UsageError('--payouts must pay something');
  return payouts;
}

/**
 * JSON text with Maps written as objects in their insertion order: per-class charts are Maps in grid order ("AA",
 * "AKs", ...), which a plain object cannot keep (JavaScript lists integer-like keys such as "22" first).
 */
export function toJson(value: unknown): string {
  if (value instanceof Map) {
    const entries = [...(value as Map<string, unknown>).entries()].map(
      ([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`,
    );
    return `{${entries.join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Prints the usage error (or a failure) as one line and sets the exit code: 2 for usage, 1 otherwise. */
export function fail(error: unknown): void {
  if (error instanceof UsageError) {
    console.error(`error: ${error.message}`);
    process.exitCode = 2;
  } else {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
