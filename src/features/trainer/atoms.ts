// The trainer's one setting kept in this browser: how hands are dealt (deal-weights.ts).
import { atom } from '@/lib/store';

import { DEAL_MODES, type DealMode } from './deal-weights';

export const DEAL_MODE_KEY = 'rangeforge.trainer.dealMode';

function readDealMode(): DealMode {
  try {
    const stored = localStorage.getItem(DEAL_MODE_KEY);
    return DEAL_MODES.find((mode) => mode === stored) ?? 'teaching';
  } catch {
    // Storage blocked (private mode, sandboxed frame): the default, not remembered.
    return 'teaching';
  }
}

const dealModeBaseAtom = atom<DealMode>(readDealMode());

/** Hands that teach most (default) or every hand as dealt; writing remembers the choice in localStorage. */
export const dealModeAtom = atom(
  (get) => get(dealModeBaseAtom),
  (_get, set, mode: DealMode) => {
    set(dealModeBaseAtom, mode);
    try {
      localStorage.setItem(DEAL_MODE_KEY, mode);
    } catch {
      // Not remembered when storage is blocked; the choice still holds for this page.
    }
  },
);
