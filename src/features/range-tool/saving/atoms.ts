// The saves' state: the queue's status and the edits waiting for the player's choice (conflicts, deleted ranges).
import { atom } from '@/lib/store';

import type { RangeConflict } from './range-conflict';
import type { GoneRange } from './range-gone';
import type { SaveStatus } from './save-queue-types';

/** The save queue's state (range-saver.ts): saved, saving, unsaved (waiting), offline (retrying) or error. */
export type SaveState = SaveStatus;
export const saveStateAtom = atom<SaveState>('idle');

/**
 * Saves the server refused because the range moved meanwhile (saved in another session), oldest first: each waits
 * for the player to keep theirs, keep mine or save mine as a copy (range-conflict.ts).
 */
export const rangeConflictsAtom = atom<RangeConflict[]>([]);
/**
 * Edits of ranges the server no longer has (deleted in another tab, on another device, or by a free account's accepted
 * strategy), oldest first: each is held on this device until the player saves it as a new range or discards it.
 */
export const goneRangesAtom = atom<GoneRange[]>([]);
