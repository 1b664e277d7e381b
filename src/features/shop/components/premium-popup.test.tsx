import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { paymentParams } from '@/test/fixtures';
import { mockFetch, renderApp } from '@/test/render';

import { PremiumPopup } from './premium-popup';

describe('PremiumPopup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the title, the text and the four benefits', async () => {
    mockFetch(() => ({ body: { data: paymentParams() } }));
    renderApp(<PremiumPopup open onClose={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Premium' })).toBeInTheDocument();
    for (const benefit of [
      'Share ranges',
      'Create unlimited ranges',
      'Move ranges in the navigation tree',
      'Copy ready-made strategies',
    ]) {
      expect(screen.getByText(benefit)).toBeInTheDocument();
    }
    await screen.findByRole('button', { name: 'Buy for $25.00' });
  });

  it('goes Loading → price and emits confirm with the whole data', async () => {
    const user = userEvent.setup();
    const params = paymentParams();
    mockFetch(() => ({ body: { data: params } }));
    const onConfirm = vi.fn();
    renderApp(<PremiumPopup open onClose={vi.fn()} onConfirm={onConfirm} />);
    expect(screen.getByRole('button', { name: 'Loading' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Buy for $25.00' }));
    expect(onConfirm).toHaveBeenCalledWith(params);
  });

  it('offers Update after a failed load, with an error toast, and reloads the price', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchSpy = mockFetch(() =>
      fail ? { status: 500, body: { error: 'Something went wrong' } } : { body: { data: paymentParams() } },
    );
    renderApp(<PremiumPopup open onClose={vi.fn()} onConfirm={vi.fn()} />);
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual([
      'Could not load the price: Something went wrong',
    ]);
    fail = false;
    await user.click(update);
    expect(await screen.findByRole('button', { name: 'Buy for $25.00' })).toBeEnabled();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
