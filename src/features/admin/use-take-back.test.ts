import { describe, expect, it } from 'vitest';

import { parseRefundAmount, refundable } from './use-take-back';

describe('the money an admin records as sent back', () => {
  it('takes 0 up to what is left, with at most two decimals (a comma too)', () => {
    expect(parseRefundAmount('0', 19)).toBe(0);
    expect(parseRefundAmount(' 19 ', 19)).toBe(19);
    expect(parseRefundAmount('7,5', 19)).toBe(7.5);
    expect(parseRefundAmount('18.99', 19)).toBe(18.99);
    for (const text of ['', '-1', '19.01', '1.005', 'abc', '1e2', '0x10']) {
      expect(parseRefundAmount(text, 19), text).toBeNull();
    }
  });

  it('what is left is paid minus refunded, to the cent and never below 0', () => {
    const order = { amount: 38, refunded: 18.9 } as Parameters<typeof refundable>[0];
    expect(refundable(order)).toBe(19.1);
    expect(refundable({ ...order, refunded: 38 })).toBe(0);
  });
});
