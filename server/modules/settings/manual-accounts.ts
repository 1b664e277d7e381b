import type { FastifyInstance } from 'fastify';

import type { Settings } from '../../../contract/admin.ts';
import type { ManualMethod } from '../../../contract/payments.ts';
import type { Db } from '../../db/database.ts';
import { DEFAULT_SETTINGS, readSettings } from './settings.repository.ts';

const ACCOUNT_OF = { card: 'card_account', btc: 'btc_account', tether: 'tether_account' } as const;

/**
 * The manual methods whose account is still the seed's placeholder (or empty). A customer must never be told to
 * send real money there, so in production these methods are closed until an admin sets real accounts.
 */
export function placeholderMethods(settings: Settings): ManualMethod[] {
  return (Object.keys(ACCOUNT_OF) as ManualMethod[]).filter((method) => {
    const key = ACCOUNT_OF[method];
    const account = settings[key].trim();
    return account === '' || account === DEFAULT_SETTINGS[key];
  });
}

/** The methods a customer may pay by transfer: every one outside production, real accounts only in production. */
export function closedManualMethods(settings: Settings, production: boolean): Set<ManualMethod> {
  return new Set(production ? placeholderMethods(settings) : []);
}

/** The operator's line at start-up when production still has placeholder accounts. */
export function placeholderWarning(methods: ManualMethod[]): string {
  return (
    `manual payments by ${methods.join(', ')} are disabled: the account is the seed's placeholder; ` +
    'set the real account in Admin → Settings'
  );
}

/** Production start: one warning naming the closed methods (the payment routes refuse them on every request). */
export function warnOfPlaceholderAccounts(app: FastifyInstance, db: Db): void {
  app.addHook('onReady', async () => {
    const methods = placeholderMethods(await readSettings(db));
    if (methods.length > 0) app.log.warn({ methods }, placeholderWarning(methods));
  });
}
