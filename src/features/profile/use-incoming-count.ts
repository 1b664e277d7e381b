import { useEffect } from 'react';

import { useAtomValue, useSetAtom } from '@/lib/store';

import { fetchIncomingCount } from './api';
import { incomingCountAtom } from './atoms';

/** SPEC §9: the incoming-strategies count refreshes every 10 000 ms. */
export const INCOMING_REFRESH_MS = 10_000;

/** Fetches the incoming count on load and every 10 s while signed in; returns the current count. */
export function useIncomingCount(signedIn: boolean): number {
  const setCount = useSetAtom(incomingCountAtom);
  useEffect(() => {
    if (!signedIn) {
      setCount(0);
      return;
    }
    let cancelled = false;
    const refresh = () => {
      fetchIncomingCount()
        .then((count) => {
          if (!cancelled) setCount(Number(count) || 0);
        })
        .catch(() => {
          // Polling stays quiet: the next tick tries again.
        });
    };
    refresh();
    const timer = setInterval(refresh, INCOMING_REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [signedIn, setCount]);
  return useAtomValue(incomingCountAtom);
}

/** Re-reads the count now (after accepting or rejecting a strategy). */
export function useRefreshIncomingCount(): () => void {
  const setCount = useSetAtom(incomingCountAtom);
  return () => {
    fetchIncomingCount()
      .then((count) => setCount(Number(count) || 0))
      .catch(() => undefined);
  };
}
