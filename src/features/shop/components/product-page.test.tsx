import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { mockFetch, renderApp, testUser } from '@/test/render';

import { paidAtom, paymentWindowAtom } from '../atoms';
import { ProductPage } from './product-page';

/** The product page's read: in the interface language, English in these tests unless one sets another. */
const PRODUCT_URL = '/api/shop/product/1?lang=en-US';

const product = {
  id: 1,
  name: '6-max Cash 100bb',
  description: 'Complete preflop strategy.',
  premium_required: false,
  premium_owned: false,
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
    appStore.set(paidAtom, null);
  });

  it('shows prices in the user currency and plays an owned lesson with the server URL', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url === PRODUCT_URL ? { body: { data: product } } : undefined));
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

  it('asks for the page in the interface language and shows the names and lesson titles it answers', async () => {
    const russian = {
      ...product,
      name: 'Кэш 6-max 100bb',
      description: 'Полная префлоп-стратегия.',
      video_courses: [
        {
          ...product.video_courses[0]!,
          name: 'Основы префлопа',
          lessons: [{ ...product.video_courses[0]!.lessons[0]!, title: 'Позиция и диапазоны открытия' }],
        },
      ],
    };
    const spy = mockFetch((url) =>
      url === '/api/shop/product/1?lang=ru-RU' ? { body: { data: russian } } : undefined,
    );
    renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser, language: 'ru-RU' });
    expect(await screen.findByRole('heading', { name: 'Кэш 6-max 100bb' })).toBeInTheDocument();
    expect(screen.getByText('Полная префлоп-стратегия.')).toBeInTheDocument();
    expect(screen.getByText('Основы префлопа')).toBeInTheDocument();
    expect(screen.getByText('Позиция и диапазоны открытия')).toBeInTheDocument();
    expect(spy.mock.calls.map(([url]) => url)).toEqual(['/api/shop/product/1?lang=ru-RU']);
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
      if (url !== PRODUCT_URL) return undefined;
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

  describe('after a card payment on this page', () => {
    // Nothing owned yet: the strategy pack and the course are for sale, lessons locked.
    const forSale = {
      ...product,
      currency: 'USD',
      total: 54,
      video_courses: product.video_courses.map((course) => ({
        ...course,
        owned: false,
        lessons: course.lessons.map((lesson) => ({
          ...lesson,
          video_url: null,
          poster_url: null,
          captions: [],
        })),
      })),
    };
    const bought = {
      ...product,
      currency: 'USD',
      total: 0,
      all_owned: true,
      products: product.products.map((item) => ({ ...item, owned: true })),
    };
    const paid = { userId: testUser.id, revision: 1, premium: false, items: [1, 3] };

    it('shows what was bought as owned and asks the server again, whose answer then rules', async () => {
      let confirmed = false;
      const spy = mockFetch((url) =>
        url === PRODUCT_URL ? { body: { data: confirmed ? bought : forSale } } : undefined,
      );
      renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
      expect(await screen.findByRole('button', { name: 'Buy for $54.00' })).toBeInTheDocument();
      expect(screen.getAllByText('Available after purchase')).toHaveLength(2);
      confirmed = true;
      act(() => appStore.set(paidAtom, paid));
      await waitFor(() => expect(screen.getAllByText('Owned')).toHaveLength(2));
      expect(screen.queryByRole('button', { name: /^Buy for/ })).not.toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Watch' })).toBeInTheDocument();
      expect(spy.mock.calls.filter(([url]) => url === PRODUCT_URL)).toHaveLength(2);
    });

    it('sells nothing while the server has not heard of the payment yet, and keeps asking it', async () => {
      const spy = mockFetch((url) => (url === PRODUCT_URL ? { body: { data: forSale } } : undefined));
      appStore.set(paidAtom, { ...paid, items: [1] });
      renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
      expect(await screen.findByText('Payment received, confirming it…')).toHaveAttribute('role', 'status');
      expect(screen.getAllByText('Owned')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Buy for/ })).not.toBeInTheDocument();
      const reads = () => spy.mock.calls.filter(([url]) => url === PRODUCT_URL).length;
      await waitFor(() => expect(reads()).toBe(2), { timeout: 5000 });
    });

    it('tells a course bought here from one without video', async () => {
      mockFetch((url) => (url === PRODUCT_URL ? { body: { data: forSale } } : undefined));
      appStore.set(paidAtom, { ...paid, items: [3] });
      renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
      expect(await screen.findByText('Opens once your payment is confirmed')).toBeInTheDocument();
      expect(screen.getByText('Video coming with the next upload')).toBeInTheDocument();
    });

    it('ignores a payment of another account (signed out and in as someone else)', async () => {
      mockFetch((url) => (url === PRODUCT_URL ? { body: { data: forSale } } : undefined));
      appStore.set(paidAtom, { ...paid, userId: testUser.id + 1 });
      renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: testUser });
      expect(await screen.findByRole('button', { name: 'Buy for $54.00' })).toBeInTheDocument();
    });
  });

  it('says a Premium player holds the Premium a package requires', async () => {
    const premium = { ...product, premium_required: true, premium_owned: true, currency: 'USD', total: 15 };
    mockFetch(() => ({ body: { data: premium } }));
    renderApp(<ProductPage productId={1} onSignIn={vi.fn()} />, { user: { ...testUser, is_premium: true } });
    expect(await screen.findByText('You have Premium')).toBeInTheDocument();
    expect(screen.queryByText('Requires Premium')).not.toBeInTheDocument();
    expect(screen.queryByText(/Premium \(required for this package\)/)).not.toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Not found', code: 'notFound' } }));
    renderApp(<ProductPage productId={99} onSignIn={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
