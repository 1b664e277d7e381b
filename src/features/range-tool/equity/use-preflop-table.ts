// The preflop table's download state for the equity panel: exact preflop equity waits for the table, and the panel
// says so while it loads, or offers a new try when it failed.
import { useSyncExternalStore } from 'react';

import { getPreflopTable } from '@/engine/engine-instance';
import type { PreflopTableState } from '@/engine/preflop-table';

export function usePreflopTable(): PreflopTableState {
  const table = getPreflopTable();
  return useSyncExternalStore(table.subscribe, table.state);
}
