import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { mockFetch, renderApp, testUser } from '@/test/render';

import { paidAtom, paymentPopupAtom, paymentWindowAtom } from '../atoms';
import { StoreList } from './store-list';

const offer = {
  id: 2,
  name: 'Tournament push/fold',
  description: 'Short-stack play.',
  premium_required: true,
  premium_owned: false,
  currency: 'USD',
  // The server's quote: the course not owned yet plus the Premium the package requires.
  total: 64,
  premium_cost: 25,
  all_owned: false,
  products: [
    {
      id: 4,
      name: 'Push/fold charts',
      description: '',
      price_in_user_currency: 15,
      owned: true,
      restorable: false,
    },
  ],
  video_courses: [
    {
      id: 5,
      name: 'ICM basics',
      description: '',
      price_in_user_currency: 39,
      owned: false,
      restorable: false,
    },
  ],
};

describe('StoreList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    appStore.set(paymentWindowAtom, null);
    appStore.set(paymentPopupAtom, false);
    appStore.set(paidAtom, null);
  });

  it('lists offers with the server total, Premium line included, and marks owned items', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ body: { data: { total: 1, page: 1, per_page: 12, list: [offer] } } }));
    renderApp(<StoreList onSignIn={vi.fn()} />, { user: testUser });
    const card = (await screen.findByRole('link', { name: 'Tournament push/fold' })).closest('li')!;
    expect(card).not.toHaveTextContent('$15.00');
    expect(within(card).getByText('Owned')).toBeInTheDocument();
    expect(card).toHaveTextContent('Video course: ICM basics');
    expect(card).toHaveTextContent('Premium (required for this package)$25.00');
    expect(within(card).getByText('Requires Premium')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Buy for $64.00' }));
    expect(appStore.get(paymentWindowAtom)).toMatchObject({ kind: 'package', offer: { id: 2 } });
    await user.click(screen.getByRole('button', { name: 'Activate Premium' }));
    expect(appStore.get(paymentPopupAtom)).toBe(true);
  });

  it('asks for the list in the interface language and shows what the server names in it', async () => {
    const russian = {
      ...offer,
      name: 'Турнирный пуш/фолд',
      description: 'Игра коротким стеком.',
      products: [{ ...offer.products[0]!, name: 'Чарты пуш/фолд 5–20bb' }],
      video_courses: [{ ...offer.video_courses[0]!, name: 'Игра коротким стеком в турнирах' }],
    };
    const spy = mockFetch(() => ({ body: { data: { total: 1, page: 1, per_page: 12, list: [russian] } } }));
    renderApp(<StoreList onSignIn={vi.fn()} />, { user: testUser, language: 'ru-RU' });
    const card = (await screen.findByRole('link', { name: 'Турнирный пуш/фолд' })).closest('li')!;
    expect(card).toHaveTextContent('Игра коротким стеком.');
    expect(card).toHaveTextContent('Чарты пуш/фолд 5–20bb');
    expect(card).toHaveTextContent('Игра коротким стеком в турнирах');
    expect(spy.mock.calls[0]?.[0]).toBe('/api/shop?page=1&per_page=12&lang=ru-RU');
  });

  it('shows an owned package as owned, with nothing to buy', async () => {
    const owned = {
      ...offer,
      total: 0,
      premium_cost: 0,
      all_owned: true,
      video_courses: offer.video_courses.map((item) => ({ ...item, owned: true })),
    };
    mockFetch(() => ({ body: { data: { total: 1, page: 1, per_page: 12, list: [owned] } } }));
    renderApp(<StoreList onSignIn={vi.fn()} />, { user: testUser });
    const card = (await screen.findByRole('link', { name: 'Tournament push/fold' })).closest('li')!;
    expect(within(card).getAllByText('Owned')).toHaveLength(3);
    expect(within(card).queryByRole('button', { name: /^Buy for/ })).not.toBeInTheDocument();
  });

  it('says a Premium player holds Premium: no Premium line, the requirement met, no banner asking for it', async () => {
    const held = { ...offer, premium_owned: true, premium_cost: 0, total: 39 };
    mockFetch(() => ({ body: { data: { total: 1, page: 1, per_page: 12, list: [held] } } }));
    renderApp(<StoreList onSignIn={vi.fn()} />, { user: { ...testUser, is_premium: true } });
    const card = (await screen.findByRole('link', { name: 'Tournament push/fold' })).closest('li')!;
    expect(within(card).getByText('You have Premium')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Requires Premium');
    expect(card).not.toHaveTextContent('Premium (required for this package)');
    expect(within(card).getByRole('button', { name: 'Buy for $39.00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate Premium' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Premium is active on your account/)).toBeInTheDocument();
  });

  it('after a payment on this page marks it owned at once and loads the list again', async () => {
    let paidOnServer = false;
    const spy = mockFetch(() => ({
      body: {
        data: {
          total: 1,
          page: 1,
          per_page: 12,
          list: [
            paidOnServer
              ? {
                  ...offer,
                  premium_owned: true,
                  premium_cost: 0,
                  total: 0,
                  all_owned: true,
                  video_courses: [{ ...offer.video_courses[0]!, owned: true }],
                }
              : offer,
          ],
        },
      },
    }));
    renderApp(<StoreList onSignIn={vi.fn()} />, { user: testUser });
    const card = (await screen.findByRole('link', { name: 'Tournament push/fold' })).closest('li')!;
    expect(within(card).getByRole('button', { name: 'Buy for $64.00' })).toBeInTheDocument();
    // The payment window records the paid order: the course and the Premium the package requires.
    paidOnServer = true;
    act(() => appStore.set(paidAtom, { userId: testUser.id, revision: 1, premium: true, items: [5] }));
    expect(within(card).queryByRole('button', { name: /^Buy for/ })).not.toBeInTheDocument();
    expect(within(card).getAllByText('Owned')).toHaveLength(3);
    expect(within(card).getByText('You have Premium')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Premium (required for this package)');
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(within(card).getAllByText('Owned')).toHaveLength(3);
  });

  it('shows the empty state', async () => {
    mockFetch(() => ({ body: { data: { total: 0, page: 1, per_page: 12, list: [] } } }));
    renderApp(<StoreList onSignIn={vi.fn()} />);
    expect(await screen.findByText('The store has no offers yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate Premium' })).not.toBeInTheDocument();
  });

  it('sends visitors to sign in before buying', async () => {
    const user = userEvent.setup();
    const onSignIn = vi.fn();
    mockFetch(() => ({ body: { data: { total: 1, page: 1, per_page: 12, list: [offer] } } }));
    renderApp(<StoreList onSignIn={onSignIn} />);
    await user.click(await screen.findByRole('button', { name: 'Buy for $64.00' }));
    expect(onSignIn).toHaveBeenCalled();
    expect(appStore.get(paymentWindowAtom)).toBeNull();
  });
});
