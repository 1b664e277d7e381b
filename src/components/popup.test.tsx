import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Popup } from './popup';

describe('Popup', () => {
  it('is a labelled modal dialog 750 px wide by default that closes on Escape and keeps Tab inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <>
        <button type="button">outside</button>
        <Popup open title="Premium" onClose={onClose}>
          <button type="button">first action</button>
        </Popup>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Premium' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ maxWidth: '750px' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'first action' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
