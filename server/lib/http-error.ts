import { ERROR_MESSAGES, type ErrorKey } from '../../contract/errors.ts';

/** An expected failure: the status and a key of the contract's error catalogue (the text the client shows). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorKey;
  /** Seconds for the Retry-After header (429 and 503): when trying again makes sense. */
  readonly retryAfter: number | undefined;
  /** Sent as `current` beside the error (a 409 range conflict carries the range as it is now). */
  readonly current: unknown;

  /**
   * `details.message` replaces the catalogue text when the answer must name something (the lessons without video);
   * `details.current` is sent beside the error (a 409 range conflict carries the range as it is now).
   */
  constructor(
    statusCode: number,
    code: ErrorKey,
    retryAfter?: number,
    details: { message?: string; current?: unknown } = {},
  ) {
    super(details.message ?? ERROR_MESSAGES[code]);
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfter = retryAfter === undefined ? undefined : Math.max(1, Math.ceil(retryAfter));
    this.current = details.current;
  }
}

export const badRequest = (code: ErrorKey) => new HttpError(400, code);
export const unauthorized = () => new HttpError(401, 'unauthorized');
export const forbidden = () => new HttpError(403, 'forbidden');
export const notFound = () => new HttpError(404, 'notFound');
export const premiumRequired = () => new HttpError(402, 'premiumRequired');
export const conflict = (code: ErrorKey) => new HttpError(409, code);
export const tooManyRequests = (code: ErrorKey, retryAfterSeconds: number) =>
  new HttpError(429, code, retryAfterSeconds);
