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
