import type { TreeNode } from '@contract/categories';
import type { PaymentParams } from '@contract/payments';

/** Payment parameters as the cost routes answer them (Premium alone, sandbox provider). */
export function paymentParams(overrides: Partial<PaymentParams> = {}): PaymentParams {
  const scope = {
    pay_for_shop: false,
    pay_for_premium: true,
    package_id: null,
    products: [],
    video_courses: [],
  };
  return {
    public_id: 'pk_sandbox',
    description: 'RangeForge Premium',
    currency: 'USD',
    cloud_payments: { price: 25 },
    card: { price: 25, currency: 'USD', account: '4000 1234 5678 9010' },
    // The cost routes' plain crypto prices: the window asks for the buyer's exact amount when a coin is picked.
    btc: { price: 0.00025, account: 'bc1qrangeforgeexampleaddress', quoted: false },
    tether: { price: 25, account: 'TRangeForgeTetherAccount', quoted: false },
    premium_required: false,
    premium_cost: 25,
    cloud_payments_params: { account: 'river@example.com', user_id: 7, order_id: 41, hash: 'abc', ...scope },
    manual_payments_params: {
      card: { method: 'card', ...scope },
      btc: { method: 'btc', ...scope },
      tether: { method: 'tether', ...scope },
    },
    sandbox: true,
    ...overrides,
  };
}

/**
 * The cost answer for a package: the order holds the asked items the buyer does not own (`owned`), as the server
 * prices them, at `price` in all.
 */
export function packageParams(
  asked: { package_id: number; products: number[]; video_courses: number[] },
  price: number,
  owned: readonly number[] = [],
  overrides: Partial<PaymentParams> = {},
): PaymentParams {
  const base = paymentParams({ cloud_payments: { price }, ...overrides });
  const order = {
    pay_for_shop: true,
    pay_for_premium: base.premium_required,
    package_id: asked.package_id,
    products: asked.products.filter((id) => !owned.includes(id)),
    video_courses: asked.video_courses.filter((id) => !owned.includes(id)),
  };
  return {
    ...base,
    cloud_payments_params: { ...base.cloud_payments_params, ...order },
    manual_payments_params: {
      card: { method: 'card', ...order },
      btc: { method: 'btc', ...order },
      tether: { method: 'tether', ...order },
    },
  };
}

/** A node of a library tree as GET /categories/tree answers it, placed by its id. */
export const treeNode = (
  id: number,
  name: string,
  kind: TreeNode['kind'] = 'range',
  children: TreeNode[] = [],
): TreeNode => ({ id, name, kind, position: id, is_template: false, children });
