// The push/fold tool's state: the spot being edited, the latest solve and threshold chart (kept while the player
// switches to the charts and back), and what the results show.
import type { ThresholdChart } from '@/engine/engine-types';
import { atom } from '@/lib/store';

import type { SolvedSpot } from './solved-spot';
import { DEFAULT_DRAFT, type ParsedSpot, type SpotDraft } from './spot-draft';

export const spotDraftAtom = atom<SpotDraft>(DEFAULT_DRAFT);

/**
 * A job on the engine's workers: `running` with its progress (0 to 1), then `done`, `stopped` (the player's cancel)
 * or `failed`. The latest result stays through a later job until that one is done.
 */
export interface JobState<T, I> {
  status: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  progress: number;
  /** What the running (or last) job was asked: the spot, or the threshold chart's ante. */
  input: I | null;
  result: T | null;
  /** Why it failed: a table the engine needs could not be downloaded, or the engine's own reason (in English). */
  error: { kind: 'download' | 'engine'; message: string } | null;
}

export const IDLE_JOB = { status: 'idle', progress: 0, input: null, result: null, error: null } as const;

export const solveJobAtom = atom<JobState<SolvedSpot, ParsedSpot>>(IDLE_JOB);
export const thresholdJobAtom = atom<JobState<ThresholdChart, number>>(IDLE_JOB);

/** The seat whose decisions the results show, and the decision shown (SolvedDecision.key). */
export const shownSeatAtom = atom(0);
export const shownDecisionAtom = atom<string | null>(null);
