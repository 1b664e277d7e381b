import { useEffect, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

import { fetchPublicChart, type PublicChart } from './api';

export type PublicChartState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; chart: PublicChart };

/** The chart behind a public link; `missing` for a link that does not work (never made, revoked, chart deleted). */
export function usePublicChart(link: string): PublicChartState {
  const [state, setState] = useState<PublicChartState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchPublicChart(link, controller.signal).then(
      (chart) => setState({ status: 'ready', chart }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing' });
        else setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [link]);
  return state;
}
