import { type RefObject, useEffect } from 'react';

/**
 * Calls onOutside when a pointer press or Escape happens outside every given element while active. The press is
 * seen on pointerdown in the capture phase, before anything under it: the range grid paints on pointerdown and
 * cancels it (so no mousedown ever follows), and a press that only closes an open menu must not also paint a hand.
 * So that press stops there; its click still reaches buttons and links, which act on click.
 */
export function useOutsideClick(
  refs: ReadonlyArray<RefObject<HTMLElement | null>>,
  active: boolean,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && refs.some((ref) => ref.current?.contains(target))) return;
      event.stopPropagation();
      onOutside();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOutside();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [refs, active, onOutside]);
}
