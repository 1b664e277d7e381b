import { useCallback } from 'react';

import { useAsync } from '@/lib/use-async';
import type { RootType } from '@contract/categories';

import { trainerApi } from './api';

/** The player's library tree of one root type (own, accepted and bought charts), as the range tool shows it. */
export function useChartTree(rootType: RootType) {
  const load = useCallback((signal: AbortSignal) => trainerApi.tree(rootType, signal), [rootType]);
  return useAsync(load, rootType);
}

/** The profile's trainer summary. */
export function useTrainerSummary() {
  const load = useCallback((signal: AbortSignal) => trainerApi.summary(signal), []);
  return useAsync(load, 'trainer-summary');
}
