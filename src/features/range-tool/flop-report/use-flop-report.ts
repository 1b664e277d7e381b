// The flop report's state and its one job. The ranges are the range tool's chart (its colours, weights and suit
// editor choices), so the report reads the range tool's atoms; the sides' colours are the report's own, starting
// from the range tool's hero and villain. The job lives at module level: leaving the page does not stop it, and
// the finished report is still there when the player comes back from the range tool.
import { useCallback, useMemo } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { type FlopReport, runFlopReport } from '@/engine/flop-report.client';
import { IDLE, type JobStatus, LatestJob } from '@/engine/latest-job';
import { appStore, atom, useAtomValue, useSetAtom } from '@/lib/store';
import { applyExclusions, classWeightsToRange, rangeCombos } from '@contract/hands';

import { comboExclusionsAtom, heroColorsAtom, rangePairsAtom, villainColorsAtom } from '../shared/atoms';
import { classWeights } from '../shared/range-rules';

/** The report's colours of each side; null follows the range tool's sides. */
export const reportHeroColorsAtom = atom<string[] | null>(null);
export const reportVillainColorsAtom = atom<string[] | null>(null);

export interface FinishedReport extends FlopReport {
  /** The ranges it was computed for, to tell when the chart has changed since. */
  key: string;
  ms: number;
  workers: number;
}

export const flopReportAtom = atom<FinishedReport | null>(null);
export const flopReportStatusAtom = atom<JobStatus>(IDLE);

let pending: { key: string; started: number; workers: number } | null = null;
const job = new LatestJob<FlopReport>(
  (status) => appStore.set(flopReportStatusAtom, status),
  (report) => {
    if (!pending) return;
    appStore.set(flopReportAtom, {
      ...report,
      key: pending.key,
      ms: performance.now() - pending.started,
      workers: pending.workers,
    });
  },
);

/** Both sides as 1326 combo weights, with the suit editor's left-out combos removed. */
function sideRanges(
  pairs: Parameters<typeof classWeights>[0],
  exclusions: Record<string, string[]>,
  hero: string[],
  villain: string[],
) {
  const range = (colors: string[]) =>
    applyExclusions(classWeightsToRange(classWeights(pairs, colors)), exclusions);
  return { hero: range(hero), villain: range(villain) };
}

const keyOf = (hero: Float32Array, villain: Float32Array) => `${hero.join(',')}|${villain.join(',')}`;

export function useFlopReport() {
  const pairs = useAtomValue(rangePairsAtom);
  const exclusions = useAtomValue(comboExclusionsAtom);
  const toolHero = useAtomValue(heroColorsAtom);
  const toolVillain = useAtomValue(villainColorsAtom);
  const heroColors = useAtomValue(reportHeroColorsAtom) ?? toolHero;
  const villainColors = useAtomValue(reportVillainColorsAtom) ?? toolVillain;
  const setHeroColors = useSetAtom(reportHeroColorsAtom);
  const setVillainColors = useSetAtom(reportVillainColorsAtom);
  const report = useAtomValue(flopReportAtom);
  const status = useAtomValue(flopReportStatusAtom);

  const ranges = useMemo(
    () => sideRanges(pairs, exclusions, heroColors, villainColors),
    [pairs, exclusions, heroColors, villainColors],
  );
  const combos = useMemo(
    () => ({ hero: rangeCombos(ranges.hero), villain: rangeCombos(ranges.villain) }),
    [ranges],
  );
  const key = useMemo(() => keyOf(ranges.hero, ranges.villain), [ranges]);

  const run = useCallback(() => {
    if (combos.hero <= 0 || combos.villain <= 0) return;
    const engine = getEngineClient();
    pending = { key, started: performance.now(), workers: engine.size };
    const { hero, villain } = ranges;
    void job.start((context) =>
      runFlopReport(engine, hero, villain, { signal: context.signal, onProgress: context.progress }),
    );
  }, [combos, key, ranges]);

  const cancel = useCallback(() => {
    pending = null;
    job.clear();
  }, []);

  const toggle = (side: 'hero' | 'villain', color: string) => {
    const current = side === 'hero' ? heroColors : villainColors;
    const next = current.includes(color) ? current.filter((value) => value !== color) : [...current, color];
    (side === 'hero' ? setHeroColors : setVillainColors)(next);
  };

  return {
    colors: { hero: heroColors, villain: villainColors },
    combos,
    chartEmpty: Object.values(pairs).every((entries) => !entries?.length),
    toggle,
    run,
    cancel,
    status,
    report,
    stale: report !== null && report.key !== key,
  };
}
