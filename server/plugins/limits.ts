import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { tooManyRequests } from '../lib/http-error.ts';

const WINDOW_MS = 60_000;

/**
 * Route hook for library and profile writes: at most WRITE_RATE_LIMIT per user per minute across all of them
 * (one shared budget, counted in the shared store so every instance agrees), then 429 with Retry-After.
 * It runs after requireUser (preValidation), so there is always a user; invalid payloads count too.
 */
export function writeLimit(app: FastifyInstance) {
  const { counters, clock, config } = app.services;
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    const now = clock.now();
    const state = await counters.hit(`writes:${request.user.id}`, WINDOW_MS, now);
    if (state.count > config.writeRateLimit) {
      throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
    }
  };
}

/**
 * One per-address budget shared by several routes (AUTH_RATE_LIMIT a minute), for what @fastify/rate-limit cannot
 * share: it counts each route apart, so sign-up with and without a referral token gave an address twice the limit.
 * The address is keyed as the rate limiter keys it (an IPv6 client by its /64, an IPv4-mapped one as IPv4).
 */
export function addressLimit(app: FastifyInstance, name: string) {
  const { counters, clock, config } = app.services;
  return async (request: FastifyRequest): Promise<void> => {
    const now = clock.now();
    const state = await counters.hit(`${name}:${normalizeIP(request.ip)}`, WINDOW_MS, now);
    if (state.count > config.authRateLimit) {
      throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
    }
  };
}
