import { type RefObject, useLayoutEffect } from 'react';

const px = (value: string) => parseFloat(value) || 0;

/** Where the header's links are: in the row with the logo and the user menu, on a row of their own, in the burger. */
export type NavPlace = 'inline' | 'row' | 'menu';

/**
 * Places the header's links by measure rather than by a breakpoint, since the room they need changes with the
 * language (Russian and Spanish names are half as long again as English ones), with an admin's extra link and with
 * the player's name: beside the logo and the user menu when all fit on one line, on a second row of the header when
 * they fit across it, and in the burger menu otherwise. The links never wrap and never shrink.
 *
 * The answer is written as `data-nav` on the header straight from the layout callbacks, so no frame is drawn with
 * links that overflow or wrap; a header of two rows sets `--header-height` on the page for everything that sticks
 * under it. The links keep their natural width wherever they are (header.css), so the measure does not depend on
 * its own answer and cannot flip back and forth.
 */
export function useNavFit(
  headerRef: RefObject<HTMLElement | null>,
  parts: {
    inner: RefObject<HTMLElement | null>;
    logo: RefObject<HTMLElement | null>;
    nav: RefObject<HTMLElement | null>;
    user: RefObject<HTMLElement | null>;
  },
  onPlace: (place: NavPlace) => void,
): void {
  useLayoutEffect(() => {
    const header = headerRef.current;
    const inner = parts.inner.current;
    const logo = parts.logo.current;
    const nav = parts.nav.current;
    const user = parts.user.current;
    if (!header || !inner || !logo || !nav || !user) return;
    const root = document.documentElement;
    const measure = () => {
      const style = getComputedStyle(inner);
      const room = inner.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      const links = nav.getBoundingClientRect().width;
      // Logo, links and user menu side by side, two gaps between them (the burger is hidden then).
      const oneRow =
        logo.getBoundingClientRect().width +
        links +
        user.getBoundingClientRect().width +
        2 * px(style.columnGap);
      const place: NavPlace = oneRow <= room ? 'inline' : links <= room ? 'row' : 'menu';
      if (header.dataset.nav !== place) {
        header.dataset.nav = place;
        onPlace(place);
      }
      if (place === 'row') root.style.setProperty('--header-height', `${header.offsetHeight}px`);
      else root.style.removeProperty('--header-height');
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const element of [inner, logo, nav, user]) observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [headerRef, parts.inner, parts.logo, parts.nav, parts.user, onPlace]);
}
