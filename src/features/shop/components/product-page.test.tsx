import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { mockFetch, renderApp, testUser } from '@/test/render';

import { paymentWindowAtom } from '../atoms';
import { ProductPage } from './product-page';

const product = {
  id: 1,
  name: '6-max Cash 100bb',
  description: 'Complete preflop strategy.',
  premium_required: false,
  currency: 'RUB',
  total: 1500,
  premium_cost: 0,
  all_owned: false,
  products: [
    {
      id: 1,
      name: 'Opening ranges',
      description: 'RFI charts',
      price_in_user_currency: 1500,
      owned: false,
      restorable: false,
    },
  ],
  video_courses: [
    {
      id: 3,
      name: 'Preflop fundamentals',
      description: 'Why the charts look the way they do.',
      price_in_user_currency: 3900,
      owned: true,
      restorable: false,
      lessons: [
        {
          id: 8,
          title: 'Position',
          position: 1,
          has_video: true,
          video_url: '/api/v1/shop/lessons/8/video',
          poster_url: '/api/v1/shop/lessons/8/poster',
          captions: [
            { language: 'en-US', url: '/api/v1/shop/lessons/8/captions/en-US' },
            { language: 'ru-RU', url: '/api/v1/shop/lessons/8/captions/ru-RU' },
          ],
        },
        {
          id: 9,
          title: 'Blockers',
          position: 2,
          has_video: false,
          video_url: null,
          poster_url: null,
          captions: [],
        },
      ],
    },
  ],
};

describe('ProductPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    appStore.set(paymentWindowAtom, null);
  });

  it('shows prices in the user currency and plays an owned lesson with the server URL', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url === '/api/shop/product/1' ? { body: { data: product } } : undefined));
    renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
    expect(await screen.findByRole('heading', { name: '6-max Cash 100bb' })).toBeInTheDocument();
    expect(screen.getByText('RUB 1,500.00')).toBeInTheDocument();
    expect(screen.getByText('Owned')).toBeInTheDocument();
    expect(screen.getByText('Video coming with the next upload')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    const dialog = screen.getByRole('dialog', { name: 'Position' });
    const video = dialog.querySelector('video');
    expect(video).toHaveAttribute('src', '/api/v1/shop/lessons/8/video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/api/v1/shop/lessons/8/poster');
    const tracks = [...video!.querySelectorAll('track')];
    expect(tracks.map((track) => [track.srclang, track.label, track.default])).toEqual([
      ['en-US', 'English', true],
      ['ru-RU', 'Русский', false],
    ]);
    expect(tracks[1]).toHaveAttribute('src', '/api/v1/shop/lessons/8/captions/ru-RU');
  });

  it('opens the payment window for the package, or asks a visitor to sign in', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ body: { data: product } }));
    const onSignIn = vi.fn();
    const { unmount } = renderApp(<ProductPage productId={1} onSignIn={onSignIn} />);
    await user.click(await screen.findByRole('button', { name: /^Buy for RUB\s1,500\.00$/ }));
    expect(onSignIn).toHaveBeenCalled();
    unmount();

    renderApp(<ProductPage productId={1} onSignIn={onSignIn} />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Buy for/ }));
    expect(appStore.get(paymentWindowAtom)).toMatchObject({ kind: 'package', offer: { id: 1 } });
  });

  it('puts back the folder of an owned pack the buyer deleted, and reloads the page', async () => {
    const user = userEvent.setup();
    let restored = false;
    const owned = { ...product.products[0]!, owned: true };
    const fetchSpy = mockFetch((url, init) => {
      if (url === '/api/v1/shop/products/1/restore' && init?.method === 'POST') {
        restored = true;
        return { body: { data: { category_id: 77, restored: true } } };
      }
      if (url !== '/api/shop/product/1') return undefined;
      const item = { ...owned, restorable: !restored };
      return { body: { data: { ...product, products: [item] } } };
    });
    renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
    expect(await screen.findByText('Deleted from your ranges')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Put back in my ranges' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Put back in my ranges' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Deleted from your ranges')).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/v1/shop/products/1/restore')).toHaveLength(1);
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain(
      '“Opening ranges” is back in your ranges',
    );
  });

  it('adds the Premium line the package requires to the server total', async () => {
    const premium = { ...product, premium_required: true, currency: 'USD', total: 40, premium_cost: 25 };
    mockFetch(() => ({ body: { data: premium } }));
    renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
    expect(await screen.findByText(/Premium \(required for this package\)/)).toHaveTextContent('$25.00');
    expect(screen.getByRole('button', { name: 'Buy for $40.00' })).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Not found', code: 'notFound' } }));
    renderApp(<ProductPage productId={99} onSignIn={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
