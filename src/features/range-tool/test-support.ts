// Set-up shared by the range tool's component tests (never imported by the app).
import { vi } from 'vitest';

import { appStore } from '@/lib/store';

import { buttonsAtom, currentColorAtom, rangeHistoryAtom, suitModeAtom, weightAtom } from './atoms';
import { initHistory } from './range-history';
import { DEFAULT_COLOR } from './range-rules';

/**
 * The module `./api` as a library test replaces it: every call a `vi.fn()` the test answers.
 * `vi.mock('../api', () => import('../test-support').then((support) => support.rangeApiModule()))`.
 */
export const rangeApiModule = () => ({
  rangeApi: {
    tree: vi.fn(),
    range: vi.fn(),
    category: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    save: vi.fn(),
    remove: vi.fn(),
    action: vi.fn(),
    findUsers: vi.fn(),
    share: vi.fn(),
  },
});

/** The chart cell of one hand class. */
export const cell = (hand: string) => document.querySelector<HTMLElement>(`[data-hand="${hand}"]`)!;

/** An empty chart with the default buttons, the default colour at weight 100 and the suit editor off. */
export function resetPainting(): void {
  appStore.set(rangeHistoryAtom, initHistory({}));
  appStore.set(buttonsAtom, null);
  appStore.set(currentColorAtom, DEFAULT_COLOR);
  appStore.set(weightAtom, '100');
  appStore.set(suitModeAtom, false);
}
