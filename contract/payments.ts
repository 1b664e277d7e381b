import { type Static, Type } from '@sinclair/typebox';

import { Id, StringEnum } from './envelope.ts';
import { CurrencySchema } from './shop.ts';

export const MANUAL_METHODS = ['card', 'btc', 'tether'] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];
export const ManualMethodSchema = StringEnum(MANUAL_METHODS);

export const CostShopBody = Type.Object({
  package_id: Id,
  products: Type.Array(Id, { maxItems: 100 }),
  video_courses: Type.Array(Id, { maxItems: 100 }),
});
export type CostShopBody = Static<typeof CostShopBody>;

/** What an order buys; echoed in the widget params and the manual params. */
const OrderScope = {
  pay_for_shop: Type.Boolean(),
  pay_for_premium: Type.Boolean(),
  package_id: Type.Union([Type.Integer(), Type.Null()]),
  products: Type.Array(Type.Integer()),
  video_courses: Type.Array(Type.Integer()),
};

/** Card-provider widget data, signed by the server (`hash` = HMAC-SHA256 over the other fields). */
export const CloudPaymentsParams = Type.Object({
  account: Type.String(),
  user_id: Type.Integer(),
  order_id: Type.Integer(),
  hash: Type.String(),
  ...OrderScope,
});
export type CloudPaymentsParams = Static<typeof CloudPaymentsParams>;

export const ManualParams = Type.Object({ method: ManualMethodSchema, ...OrderScope });
export type ManualParams = Static<typeof ManualParams>;

export const CRYPTO_METHODS = ['btc', 'tether'] as const;
export type CryptoMethod = (typeof CRYPTO_METHODS)[number];

/**
 * A crypto method's price and address. The cost routes never quote: `price` is the buyer's exact quoted amount when
 * `quoted` (an open quote for these contents), else the order's plain price, which must not be sent as is. The
 * quote route (POST /api/v1/shop/crypto_quote) makes or reuses the quote. With no address, `closed` says why when
 * it is the quotes': every amount near the price is held by other buyers, or this client made too many new quotes.
 */
export const CryptoParams = Type.Object({
  price: Type.Number(),
  account: Type.String(),
  quoted: Type.Boolean(),
  closed: Type.Optional(Type.Union([Type.Literal('amountsTaken'), Type.Literal('quoteBudget')])),
});
export type CryptoParams = Static<typeof CryptoParams>;

/**
 * What a crypto quote is for: the method's `manual_payments_params` from the cost answer, exactly what the claim
 * later sends (less `payment_source`), so the quote and the claim name the same contents. Premium alone is
 * `pay_for_premium: true` with no package; a package's items need its `package_id`.
 */
export const CryptoQuoteBody = Type.Object({
  method: StringEnum(CRYPTO_METHODS),
  pay_for_shop: Type.Optional(Type.Boolean()),
  pay_for_premium: Type.Optional(Type.Boolean()),
  package_id: Type.Optional(Type.Union([Id, Type.Null()])),
  products: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  video_courses: Type.Optional(Type.Array(Id, { maxItems: 100 })),
});
export type CryptoQuoteBody = Static<typeof CryptoQuoteBody>;

/** SPEC §3 payment parameters. Prices are in major units (dollars, roubles, BTC, USDT). */
export const PaymentParams = Type.Object({
  public_id: Type.String(),
  description: Type.String(),
  currency: CurrencySchema,
  cloud_payments: Type.Object({ price: Type.Number() }),
  card: Type.Object({ price: Type.Number(), currency: CurrencySchema, account: Type.String() }),
  btc: CryptoParams,
  tether: CryptoParams,
  premium_required: Type.Boolean(),
  premium_cost: Type.Number(),
  cloud_payments_params: CloudPaymentsParams,
  manual_payments_params: Type.Object({ card: ManualParams, btc: ManualParams, tether: ManualParams }),
  /**
   * True while no provider keys are configured: test payments, no money is taken. The SPA says so in the payment
   * window and calls the sandbox charge route instead of the provider's widget.
   */
  sandbox: Type.Boolean(),
});
export type PaymentParams = Static<typeof PaymentParams>;

/**
 * Manual payment: the chosen method's manual params plus `payment_source` (card: text holding the last 4 digits;
 * btc/tether: the transaction id, which must contain a letter).
 */
export const ManualPaymentBody = Type.Object({
  method: ManualMethodSchema,
  pay_for_shop: Type.Optional(Type.Boolean()),
  pay_for_premium: Type.Optional(Type.Boolean()),
  package_id: Type.Optional(Type.Union([Id, Type.Null()])),
  products: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  video_courses: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  payment_source: Type.String({ maxLength: 200 }),
});
export type ManualPaymentBody = Static<typeof ManualPaymentBody>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'rejected', 'failed', 'refunded'] as const;
export const PaymentStatusSchema = StringEnum(PAYMENT_STATUSES);

export const PaymentInfo = Type.Object({
  id: Type.Integer(),
  method: Type.String(),
  status: PaymentStatusSchema,
  amount: Type.Number(),
  currency: Type.String(),
  payment_source: Type.Union([Type.String(), Type.Null()]),
  datetime: Type.String(),
});
export type PaymentInfo = Static<typeof PaymentInfo>;

export const SandboxChargeBody = Type.Object({
  order_id: Id,
  /** `cloud_payments_params.hash` from the cost route: the server's signature over the order. */
  hash: Type.String({ maxLength: 128 }),
  /** Simulate a declined card: the sandbox then sends a fail notification. */
  decline: Type.Optional(Type.Boolean()),
});

/** CloudPayments answers: code 0 accepts; 10 wrong invoice, 11 wrong account, 12 wrong amount, 13 rejected. */
export const NotificationAnswer = Type.Object({ code: Type.Integer() });

/** The provider's transaction numbers (Long) and amounts (a dot, at most two decimals), as its forms send them. */
const ProviderNumber = Type.String({ pattern: '^[0-9]{1,19}$' });
const ProviderAmount = Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$' });
/** Fields the server does not act on, kept loose (the provider adds fields over time), but bounded. */
const ProviderText = Type.Optional(Type.String({ maxLength: 200 }));

/**
 * CloudPayments Refund notification (developers.cloudpayments.ru, "Refund"): TransactionId is the refund's own
 * transaction, PaymentTransactionId the payment it refunds, Amount the refund in the payment's currency (the
 * provider sends no Currency; one sent anyway must be the order's). InvoiceId is our order id, which the widget
 * always passes, so the provider always echoes it.
 */
export const RefundNotificationBody = Type.Object({
  TransactionId: ProviderNumber,
  PaymentTransactionId: ProviderNumber,
  Amount: ProviderAmount,
  InvoiceId: ProviderNumber,
  AccountId: ProviderText,
  Currency: ProviderText,
  DateTime: ProviderText,
  OperationType: ProviderText,
});
export type RefundNotificationBody = Static<typeof RefundNotificationBody>;

/** CloudPayments Cancel notification: the payment TransactionId was voided, its whole Amount. */
export const CancelNotificationBody = Type.Object({
  TransactionId: ProviderNumber,
  Amount: ProviderAmount,
  InvoiceId: ProviderNumber,
  AccountId: ProviderText,
  Currency: ProviderText,
  DateTime: ProviderText,
});
export type CancelNotificationBody = Static<typeof CancelNotificationBody>;

export const CardCurrency = CurrencySchema;
