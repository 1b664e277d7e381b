import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { PaymentInfo } from '../../../contract/payments.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { findOrder, moveFromPending } from './payments.repository.ts';
import { type PaymentsService, toPaymentInfo } from './payments.service.ts';

export const SANDBOX_KEY_FILE = 'payments-sandbox.key';

/**
 * The sandbox's signing key: random per install, created once in DATA_DIR readable by the owner only (0600), so
 * no one can compute it from the source code. `wx` makes two processes starting at once agree on one key.
 */
export function sandboxSecret(dataDir: string): string {
  const file = path.join(dataDir, SANDBOX_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} is damaged: delete it and restart`);
  return secret;
}

/**
 * Test card payments while no provider keys are configured: the buyer's own signed order is settled (or declined)
 * directly through the payments service. Sandbox orders carry `sandbox = 1`, so they never pay a referral and the
 * public provider routes refuse them.
 */
export class SandboxPayments {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsService,
  ) {}

  async charge(
    user: UserRow,
    body: { order_id: number; hash: string; decline?: boolean },
  ): Promise<PaymentInfo> {
    const order = await findOrder(this.db.kysely, body.order_id);
    if (!order || order.user_id !== user.id || order.method !== 'cloudpayments' || !order.sandbox)
      throw notFound();
    // The widget data the cost route signed: the charge is for exactly that order, user, amount and currency.
    if (!safeEqual(this.payments.sign(order), body.hash)) throw badRequest('invalidSignature');
    const changed = body.decline
      ? await moveFromPending(this.db.kysely, order.id, { status: 'failed' })
      : await this.payments.settle(order.id, `sandbox-${order.id}-${randomToken(6)}`);
    if (!changed) throw new HttpError(409, 'paymentNotPending');
    return toPaymentInfo((await findOrder(this.db.kysely, order.id)) ?? order);
  }
}
