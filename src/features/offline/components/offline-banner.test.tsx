import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { onlineAtom, pendingUpdateAtom } from '../atoms';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  appStore.set(onlineAtom, true);
  appStore.set(pendingUpdateAtom, null);
});

describe('OfflineBanner', () => {
  it('shows nothing online with no update, and says so when the connection is gone', () => {
    renderApp(<OfflineBanner beforeReload={() => Promise.resolve()} />);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    act(() => appStore.set(onlineAtom, false));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent('You are offline');
  });

  it('reloads into a new version only on the click, after the edits are saved or held', async () => {
    const order: string[] = [];
    const apply = vi.fn(() => {
      order.push('apply');
      return Promise.resolve();
    });
    const beforeReload = vi.fn(() => {
      order.push('save');
      return Promise.resolve(false);
    });
    renderApp(<OfflineBanner beforeReload={beforeReload} />);
    act(() => appStore.set(pendingUpdateAtom, { apply }));
    expect(screen.getByText('Update available')).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['save', 'apply']);
  });
});
