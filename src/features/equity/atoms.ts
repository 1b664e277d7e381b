import type { EquityReport, HandCategory, SideTotals } from '@/engine/engine-types';
import { IDLE, type JobStatus } from '@/engine/latest-job';
import { atom } from '@/lib/store';

/** The inputs of the quick equity calculator, as the player typed them. */
export const heroRangeTextAtom = atom('QQ+, AKs, AKo');
export const villainRangeTextAtom = atom('22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+');
export const boardTextAtom = atom('');

/** The calculator job's status: the engine job layer's one tagged union. */
export type EquityStatus = JobStatus;

export const equityStatusAtom = atom<EquityStatus>(IDLE);
export const equityReportAtom = atom<EquityReport | null>(null);

/** Hand category of the hero when the hero range is one combo and the board has 3 to 5 cards. */
export const heroHandAtom = atom<HandCategory | null>(null);

export type EngineInfo =
  { state: 'loading' } | { state: 'ready'; version: string } | { state: 'error'; message: string };
export const engineInfoAtom = atom<EngineInfo>({ state: 'loading' });

export type { SideTotals };
