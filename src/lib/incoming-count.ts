// The incoming-strategies count behind the header bell. It lives here, not in a feature, because the profile's
// strategy list and the range tool's diff page both accept and reject received strategies and both must move the
// bell at once (features never import each other).
import { useEffect } from 'react';

import { API } from '@contract/paths';

import { api } from './api-client';
import { appStore, atom, useAtomValue } from './store';

/** SPEC §3 global state: incoming strategies waiting for the user (the header bell shows +N). */
export const incomingCountAtom = atom(0);

/** SPEC §9: the incoming-strategies count refreshes every 10 000 ms. */
export const INCOMING_REFRESH_MS = 10_000;

/**
 * Bumped whenever the count is changed here rather than read (a decision, a sign-out): an answer to a request sent
 * before that is stale (a poll in flight while a strategy was accepted) and is dropped.
 */
let generation = 0;

/** Reads the count from the server into the bell; failures stay quiet (the next poll tries again). */
export async function refreshIncomingCount(): Promise<void> {
  const asked = generation;
  try {
    const count = await api.get<number>(API.categories.incomingCount, { quiet: true });
    if (asked === generation) appStore.set(incomingCountAtom, Number(count) || 0);
  } catch {
    // Polling stays quiet: the next tick tries again.
  }
}

/**
 * A received strategy was accepted or rejected (the server has confirmed it): the bell drops by one at once, and the
 * server's own count replaces that guess as soon as it answers.
 */
export function incomingDecided(): void {
  generation += 1;
  appStore.set(incomingCountAtom, (count) => Math.max(0, count - 1));
  void refreshIncomingCount();
}

/** Fetches the incoming count on load and every 10 s while signed in; returns the current count. */
export function useIncomingCount(signedIn: boolean): number {
  useEffect(() => {
    if (!signedIn) {
      generation += 1;
      appStore.set(incomingCountAtom, 0);
      return;
    }
    void refreshIncomingCount();
    const timer = setInterval(() => void refreshIncomingCount(), INCOMING_REFRESH_MS);
    return () => {
      // A poll still in flight after sign-out or unmount must not write the old account's count.
      generation += 1;
      clearInterval(timer);
    };
  }, [signedIn]);
  return useAtomValue(incomingCountAtom);
}
