import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: session tokens. Only their sha256 is stored, so a database leak exposes no session. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacBase64 = (secret: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(body).digest('base64');

export const hmacHex = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Constant-time comparison of two strings (different lengths compare false without leaking where). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
