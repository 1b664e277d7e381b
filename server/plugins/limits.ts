import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { tooManyRequests } from '../lib/http-error.ts';

const WINDOW_MS = 60_000;

/** User searches (the share dialog's name prefix) a player may run a minute, and an address (players behind a NAT). */
export const USER_SEARCH_PER_MINUTE = 30;
export const USER_SEARCH_PER_ADDRESS_MINUTE = 4 * USER_SEARCH_PER_MINUTE;

/**
 * Crypto quote requests a buyer may send a minute, and an address: the window asks once per coin picked, and a new
 * quote has its own hourly budget (QuoteBudget); this bounds the reading and answering of repeated calls.
 */
export const CRYPTO_QUOTE_PER_MINUTE = 60;
export const CRYPTO_QUOTE_PER_ADDRESS_MINUTE = 4 * CRYPTO_QUOTE_PER_MINUTE;

/**
 * Data exports ("Download my data") a player may start an hour: each reads the whole account, so a script looping
 * on the route would load the database for every other player.
 */
export const DATA_EXPORTS_PER_HOUR = 5;

/** Counts one request under `key` in the shared store; past `max` a window (a minute), 429 with Retry-After. */
async function spend(app: FastifyInstance, key: string, max: number, windowMs = WINDOW_MS): Promise<void> {
  const { counters, clock } = app.services;
  const now = clock.now();
  const state = await counters.hit(key, windowMs, now);
  if (state.count > max) throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
}

/**
 * Route hook for library and profile writes: one unit of the user's WRITE_RATE_LIMIT a minute across all of them
 * (lib/write-budget.ts; a large copy or delete pays more once it knows its rows), then 429 with Retry-After.
 * It runs after requireUser (preValidation), so there is always a user; invalid payloads count too.
 */
export function writeLimit(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    await app.services.writes.spend(request.user.id);
  };
}

/**
 * Route hook for the store's cost calls (both routes, one budget): a call for contents or a currency the user holds
 * no open card order for opens one, so at most COST_RATE_LIMIT a minute per user, counted in the shared store, then
 * 429 with Retry-After. Runs after requireUser.
 */
export function costLimit(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    await spend(app, `shop-cost:user:${request.user.id}`, app.services.config.costRateLimit);
  };
}

/**
 * Route hook for the user search: it lists usernames, the logins a stranger needs to guess passwords, so neither one
 * account nor a farm of accounts on one address may walk the name space quickly. Runs after requireUser.
 */
export function searchLimit(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    await spend(app, `user-search:user:${request.user.id}`, USER_SEARCH_PER_MINUTE);
    await spend(app, `user-search:address:${normalizeIP(request.ip)}`, USER_SEARCH_PER_ADDRESS_MINUTE);
  };
}

/** Route hook for the crypto quote route, per user and per address (an office behind one NAT). Runs after requireUser. */
export function cryptoQuoteLimit(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    await spend(app, `crypto-quote-requests:user:${request.user.id}`, CRYPTO_QUOTE_PER_MINUTE);
    await spend(
      app,
      `crypto-quote-requests:address:${normalizeIP(request.ip)}`,
      CRYPTO_QUOTE_PER_ADDRESS_MINUTE,
    );
  };
}

/** Route hook for "Download my data": DATA_EXPORTS_PER_HOUR per player, counted in the shared store. */
export function dataExportLimit(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    await spend(app, `data-export:user:${request.user.id}`, DATA_EXPORTS_PER_HOUR, 60 * WINDOW_MS);
  };
}

/**
 * One per-address budget shared by several routes (AUTH_RATE_LIMIT a minute), for what @fastify/rate-limit cannot
 * share: it counts each route apart, so sign-up with and without a referral token gave an address twice the limit.
 * The address is keyed as the rate limiter keys it (an IPv6 client by its /64, an IPv4-mapped one as IPv4).
 */
export function addressLimit(app: FastifyInstance, name: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await spend(app, `${name}:${normalizeIP(request.ip)}`, app.services.config.authRateLimit);
  };
}
