import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncResult<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  key: string;
  data?: T;
  error?: unknown;
  failed: boolean;
}

/**
 * Runs an async load whenever `key` changes (or on reload) and aborts the previous one. Loading is derived from
 * whether the settled result belongs to the current key, so no state is set synchronously inside the effect.
 * With keepPrevious the last data stays visible while the next load runs (a recalculated price, a next page).
 */
export function useAsync<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
): AsyncResult<T> {
  const { enabled = true, keepPrevious = false } = options;
  const loadRef = useRef(load);
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const fullKey = `${key}#${version}`;

  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setSettled({ key: fullKey, data, failed: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: fullKey, error, failed: true });
      });
    return () => controller.abort();
  }, [fullKey, enabled]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const current = settled?.key === fullKey ? settled : null;
  const data = current ? current.data : keepPrevious && settled && !settled.failed ? settled.data : undefined;
  return { data, error: current?.failed ? current.error : null, loading: enabled && !current, reload };
}
