import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PointerEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { mockFetch, renderApp } from '@/test/render';

import { Header } from './header';

/** Paints on pointerdown and cancels it, as the range grid does (so no mousedown follows). */
function PaintArea({ onPaint }: { onPaint: () => void }) {
  const [painted, setPainted] = useState(0);
  return (
    <div
      data-testid="grid"
      onPointerDown={(event: PointerEvent) => {
        event.preventDefault();
        setPainted((count) => count + 1);
        onPaint();
      }}
    >
      painted {painted}
    </div>
  );
}

describe('outside click', () => {
  it('closes the burger menu on a press on the range grid, and that press paints nothing', async () => {
    mockFetch(() => undefined);
    const paint = vi.fn();
    const user = userEvent.setup();
    renderApp(
      <>
        <Header />
        <PaintArea onPaint={paint} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(document.getElementById('burger-menu')).toBeInTheDocument();
    await user.click(screen.getByTestId('grid'));
    expect(document.getElementById('burger-menu')).not.toBeInTheDocument();
    expect(paint).not.toHaveBeenCalled();
    // With the menu closed, the next press paints as usual.
    await user.click(screen.getByTestId('grid'));
    expect(paint).toHaveBeenCalledTimes(1);
  });

  it('lets the click of a press outside reach its button', async () => {
    mockFetch(() => undefined);
    const pressed = vi.fn();
    const user = userEvent.setup();
    renderApp(
      <>
        <Header />
        <button type="button" onClick={pressed}>
          Elsewhere
        </button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(document.getElementById('burger-menu')).not.toBeInTheDocument();
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});
