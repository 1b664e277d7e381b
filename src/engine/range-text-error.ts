// Range text the engine cannot read. The wasm facade throws a plain RangeTextIssue (an Error would lose its fields on
// the way out of the worker: Comlink sends an Error's message and name only); the engine client turns it into a
// RangeTextError, which callers catch like any error and which still says what is wrong and where.
import type { RangeTextIssue } from '@equity-wasm';

export type { RangeTextIssue };

/** A refused range text: the engine's problem code, the token and where it stands in the text (UTF-16 units). */
export class RangeTextError extends Error {
  readonly code: RangeTextIssue['code'];
  readonly token: string;
  readonly index: number;
  readonly length: number;

  /** `message`: the text shown to the player (the app words it in the interface language); else the engine's. */
  constructor(issue: RangeTextIssue, message: string = issue.message) {
    super(message);
    this.name = 'RangeTextError';
    this.code = issue.code;
    this.token = issue.token;
    this.index = issue.index;
    this.length = issue.length;
  }
}

/** The issue a parse threw, or null when `thrown` is any other failure (a worker that died, an abort). */
export function rangeTextIssue(thrown: unknown): RangeTextIssue | null {
  if (typeof thrown !== 'object' || thrown === null || thrown instanceof Error) return null;
  const { code, token, index, length, message } = thrown as Record<string, unknown>;
  if (typeof code !== 'string' || typeof token !== 'string' || typeof message !== 'string') return null;
  if (!Number.isInteger(index) || !Number.isInteger(length)) return null;
  return { code, token, index, length, message } as RangeTextIssue;
}
