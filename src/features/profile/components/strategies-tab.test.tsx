import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import type { CategoryRef } from '@contract/categories';

import { StrategiesTab } from './strategies-tab';

const gift = {
  id: 5,
  category_id: 77,
  name: 'BTN opens',
  kind: 'range',
  root_type: 'preflop_root',
  from_user: 'shark',
  datetime: '2026-11-21T09:00:00Z',
};

const ACCEPT = '/api/v1/categories/incoming/5/accept';

const toasts = () => appStore.get(toastsAtom).map((toast) => toast.message);

/**
 * The server of a free player: `swap()` is what accepting would delete now (the compare answer), and an accept that
 * names another category is refused with 409 as the server does.
 */
function freePlayer(swap: () => CategoryRef | null) {
  let accepted = false;
  const spy = mockFetch((url, init) => {
    if (url === '/api/v1/categories/incoming/5/compare')
      return { body: { data: { ...gift, buttons: [], pairs: [], replaces: swap() } } };
    if (url === ACCEPT && init.method === 'POST') {
      const agreed = (requestBody(init) as { replaces: number | null }).replaces;
      const now = swap();
      if (now && now.id !== agreed)
        return {
          status: 409,
          body: { error: 'changed', code: 'acceptSwapChanged', current: { replaces: now } },
        };
      accepted = true;
      return { body: { data: { category_id: 90, removed_category_id: now?.id ?? null } } };
    }
    if (url.startsWith('/api/v1/categories/incoming/count')) return { body: { data: accepted ? 0 : 1 } };
    if (url.startsWith('/api/v1/categories/incoming?'))
      return {
        body: { data: { total: accepted ? 0 : 1, page: 1, per_page: 10, list: accepted ? [] : [gift] } },
      };
    return undefined;
  });
  const accepts = () =>
    spy.mock.calls
      .filter(([url, init]) => url === ACCEPT && init?.method === 'POST')
      .map(([, init]) => requestBody(init));
  return { accepts };
}

async function clickAccept() {
  const user = userEvent.setup();
  renderApp(<StrategiesTab />, { user: testUser });
  const item = (await screen.findByText('BTN opens')).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'Accept' }));
  return user;
}

describe('StrategiesTab accept on the free plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the range accepting deletes and deletes nothing until the player confirms', async () => {
    const { accepts } = freePlayer(() => ({ id: 1, name: 'CO open', kind: 'range' }));
    const user = await clickAccept();
    const dialog = await screen.findByRole('dialog', { name: 'Accept “BTN opens”?' });
    expect(dialog).toHaveTextContent('Accepting “BTN opens” deletes your range “CO open”.');
    expect(accepts()).toEqual([]);

    // Keeping the category closes the question; the strategy stays in the list, nothing was sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my category' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('BTN opens')).toBeInTheDocument();
    expect(accepts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const again = await screen.findByRole('dialog', { name: 'Accept “BTN opens”?' });
    await user.click(within(again).getByRole('button', { name: 'Delete “CO open” and accept' }));
    expect(await screen.findByText('No incoming strategies.')).toBeInTheDocument();
    expect(accepts()).toEqual([{ replaces: 1 }]);
    expect(toasts()).toEqual(['“BTN opens” was added; “CO open” was deleted to make room on the free plan']);
  });

  it('says a folder goes with everything in it', async () => {
    freePlayer(() => ({ id: 3, name: 'Tournaments', kind: 'folder' }));
    await clickAccept();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Accepting “BTN opens” deletes your folder “Tournaments” with everything in it.',
    );
  });

  it('asks again, naming the new one, when the library changed after the question was shown', async () => {
    let swap: CategoryRef = { id: 1, name: 'CO open', kind: 'range' };
    const { accepts } = freePlayer(() => swap);
    const user = await clickAccept();
    const dialog = await screen.findByRole('dialog');
    // Another tab deletes "CO open" while the question is open: the server's swap now takes "BTN 3bet".
    swap = { id: 2, name: 'BTN 3bet', kind: 'range' };
    await user.click(within(dialog).getByRole('button', { name: 'Delete “CO open” and accept' }));
    const asked = await screen.findByRole('button', { name: 'Delete “BTN 3bet” and accept' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your list changed since you opened this: accepting now deletes another category.',
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('deletes your range “BTN 3bet”');
    expect(screen.getByText('BTN opens')).toBeInTheDocument();
    await user.click(asked);
    expect(await screen.findByText('No incoming strategies.')).toBeInTheDocument();
    expect(accepts()).toEqual([{ replaces: 1 }, { replaces: 2 }]);
  });

  it('accepts at once for a Premium player, and still asks if the server says the swap applies', async () => {
    const { accepts } = freePlayer(() => ({ id: 1, name: 'CO open', kind: 'range' }));
    const user = userEvent.setup();
    renderApp(<StrategiesTab />, { user: { ...testUser, is_premium: true } });
    const item = (await screen.findByText('BTN opens')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    // The session said Premium, the server (Premium ended meanwhile) would delete "CO open": 409, then the question.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('deletes your range “CO open”');
    expect(accepts()).toEqual([{ replaces: null }]);
  });

  it('accepts at once when nothing is deleted (Premium or an empty list)', async () => {
    const { accepts } = freePlayer(() => null);
    await clickAccept();
    expect(await screen.findByText('No incoming strategies.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(accepts()).toEqual([{ replaces: null }]));
    expect(toasts()).toEqual(['“BTN opens” was added to your ranges']);
  });
});
