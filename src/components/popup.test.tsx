import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Popup } from './popup';

describe('Popup', () => {
  it('is a labelled native modal dialog, 750 px wide by default, focused on open', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(
      <Popup open title="Premium" onClose={() => {}}>
        <button type="button">first action</button>
      </Popup>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Premium' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveStyle({ maxWidth: '750px' });
    expect(dialog).toHaveFocus();
    showModal.mockRestore();
  });

  it('asks its owner to close on Escape (the cancel event), the close button and the backdrop', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Popup open title="Premium" onClose={onClose}>
        <p>text</p>
      </Popup>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Premium' });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    // The dialog stays open until the owner's state says otherwise.
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(screen.getByText('text'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('does not re-run its focus effect when the owner re-renders with a new inline onClose', async () => {
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    function Owner() {
      const [text, setText] = useState('');
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            open
          </button>
          <Popup open={open} title="Rename" onClose={() => setOpen(false)}>
            <input aria-label="Name" value={text} onChange={(event) => setText(event.target.value)} />
          </Popup>
        </>
      );
    }
    render(<Owner />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.click(input);
    // Every keystroke re-renders the owner and hands the popup a new onClose.
    await user.keyboard('abc');
    expect(input).toHaveValue('abc');
    expect(input).toHaveFocus();
    expect(showModal).toHaveBeenCalledTimes(1);
    showModal.mockRestore();
  });

  it('returns focus to where it was when it closes', async () => {
    const user = userEvent.setup();
    function Owner() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            open
          </button>
          <Popup open={open} title="Info" onClose={() => setOpen(false)}>
            <p>text</p>
          </Popup>
        </>
      );
    }
    render(<Owner />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: 'Info' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });
});
