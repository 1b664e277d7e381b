import { type RefObject, useLayoutEffect } from 'react';

const px = (value: string) => parseFloat(value) || 0;

/**
 * Shows the header's links in the row when they fit and in the burger menu when they do not, by measure rather than
 * by a breakpoint: the room they need changes with the language (Russian and Spanish names are half as long again
 * as English ones), with an admin's extra link and with the player's name. The answer is written as
 * `data-nav="inline" | "menu"` on the header straight from the layout callbacks, so the row is never drawn with
 * links that overflow or wrap. The links keep their natural width while hidden (header.css), so the measure does
 * not depend on its own answer and cannot flip back and forth.
 */
export function useNavFit(
  headerRef: RefObject<HTMLElement | null>,
  parts: {
    inner: RefObject<HTMLElement | null>;
    logo: RefObject<HTMLElement | null>;
    nav: RefObject<HTMLElement | null>;
    user: RefObject<HTMLElement | null>;
  },
  onMenu: (menu: boolean) => void,
): void {
  useLayoutEffect(() => {
    const header = headerRef.current;
    const inner = parts.inner.current;
    const logo = parts.logo.current;
    const nav = parts.nav.current;
    const user = parts.user.current;
    if (!header || !inner || !logo || !nav || !user) return;
    const measure = () => {
      const style = getComputedStyle(inner);
      const room = inner.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      // Logo, links and user menu side by side, two gaps between them (the burger is hidden then).
      const needed =
        logo.getBoundingClientRect().width +
        nav.getBoundingClientRect().width +
        user.getBoundingClientRect().width +
        2 * px(style.columnGap);
      const fits = needed <= room;
      const next = fits ? 'inline' : 'menu';
      if (header.dataset.nav === next) return;
      header.dataset.nav = next;
      onMenu(!fits);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const element of [inner, logo, nav, user]) observer.observe(element);
    return () => observer.disconnect();
  }, [headerRef, parts.inner, parts.logo, parts.nav, parts.user, onMenu]);
}
