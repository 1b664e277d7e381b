// The card colours of the range tool: a four-colour deck (spades dark, hearts red, diamonds blue, clubs green) is the
// default, so hearts and diamonds never look alike; the two-colour deck is a choice kept in this browser.
import { atom } from '@/lib/store';

export const FOUR_COLOR_DECK_KEY = 'rangeforge.fourColorDeck';

function readFourColor(): boolean {
  try {
    return localStorage.getItem(FOUR_COLOR_DECK_KEY) !== 'off';
  } catch {
    // Storage blocked (private mode, sandboxed frame): the default deck, not remembered.
    return true;
  }
}

const fourColorBaseAtom = atom(readFourColor());

/** Four-colour deck on (default) or off; writing remembers the choice in localStorage. */
export const fourColorDeckAtom = atom(
  (get) => get(fourColorBaseAtom),
  (_get, set, on: boolean) => {
    set(fourColorBaseAtom, on);
    try {
      localStorage.setItem(FOUR_COLOR_DECK_KEY, on ? 'on' : 'off');
    } catch {
      // Not remembered when storage is blocked; the choice still holds for this page.
    }
  },
);

/** Suits in the picker's row order, each with its symbol. */
export const SUIT_ROWS = [
  { suit: 's', symbol: '♠', label: 'ranges:cards.suit.s' },
  { suit: 'h', symbol: '♥', label: 'ranges:cards.suit.h' },
  { suit: 'd', symbol: '♦', label: 'ranges:cards.suit.d' },
  { suit: 'c', symbol: '♣', label: 'ranges:cards.suit.c' },
] as const;
