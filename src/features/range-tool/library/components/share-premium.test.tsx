// A free user who opens "share" gets the Premium window at once, and the Premium window never
// opens on top of the share dialog.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, setApiErrorHandler } from '@/lib/api-client';
import { renderApp, testUser } from '@/test/render';

import { rangeApi } from '../../shared/api';
import { RangeLibrary } from './range-library';

vi.mock('../../shared/api', () => import('../../test-support').then((support) => support.rangeApiModule()));

const api = vi.mocked(rangeApi);
const handled: number[] = [];
let stopHandling: () => void = () => undefined;

beforeEach(() => {
  vi.clearAllMocks();
  handled.length = 0;
  // The app's handler opens the Premium window on 402; here it records what it was told.
  stopHandling = setApiErrorHandler((error) => handled.push(error.status));
  api.tree.mockResolvedValue({
    root_type: 'preflop_root',
    children: [{ id: 2, name: 'BTN', kind: 'range', position: 1, is_template: false, children: [] }],
  });
});
afterEach(() => stopHandling());

async function openShare(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions for BTN' }));
  await user.click(screen.getByRole('button', { name: 'Share' }));
}

describe('sharing and Premium', () => {
  it('gives a free user the Premium window at once, with no share dialog, search or recipient', async () => {
    const user = userEvent.setup();
    renderApp(<RangeLibrary rootType="preflop_root" />, { user: { ...testUser, is_premium: false } });
    await openShare(user);
    expect(handled).toEqual([402]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.findUsers).not.toHaveBeenCalled();
    expect(api.share).not.toHaveBeenCalled();
  });

  it('closes the share dialog before the Premium window when the server still asks for Premium', async () => {
    const user = userEvent.setup();
    api.findUsers.mockResolvedValue([{ id: 9, username: 'friend', avatar: '' }] as never);
    api.share.mockImplementation(async () => {
      // What the API client does on a 402: tell the app's handler, then reject.
      const error = new ApiError(402, 'Please activate full version', 'premiumRequired');
      handled.push(error.status);
      throw error;
    });
    renderApp(<RangeLibrary rootType="preflop_root" />, { user: { ...testUser, is_premium: true } });
    await openShare(user);
    const dialog = await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('Find users by name'), 'friend');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByLabelText('friend'));
    await user.click(screen.getAllByRole('button', { name: 'Share' }).at(-1)!);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(handled).toEqual([402]);
    expect(screen.queryByText('Sharing failed')).not.toBeInTheDocument();
  });
});
