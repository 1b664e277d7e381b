import { useState } from 'react';

import { errorMessage } from './error-message';
import { useAsync } from './use-async';

export interface Page<T> {
  total: number;
  page: number;
  list: T[];
}

export interface PagedListState<T> extends Page<T> {
  perPage: number;
  loading: boolean;
  error: string | null;
  setPage: (page: number) => void;
  reload: () => void;
}

/** SPEC §9: profile lists show 10 per page. */
export const PAGE_SIZE = 10;

/**
 * A server-paged list with loading and error states. The fetcher gets the 1-based page and page size; pass a
 * stable fetcher (module function or useCallback) and a `key` naming anything else it depends on. With
 * `keepPrevious` the last list stays while the next load runs (`loading` is still true meanwhile).
 */
export function usePagedList<T>(
  fetcher: (page: number, perPage: number, signal: AbortSignal) => Promise<Page<T>>,
  perPage: number = PAGE_SIZE,
  key = '',
  options: { keepPrevious?: boolean } = {},
): PagedListState<T> {
  const [page, setPage] = useState(1);
  const result = useAsync((signal) => fetcher(page, perPage, signal), `${key}|${page}|${perPage}`, options);
  const data = result.data ?? { total: 0, page, list: [] };
  return {
    total: data.total,
    list: data.list,
    page,
    perPage,
    loading: result.loading,
    error: result.error ? errorMessage(result.error) : null,
    setPage,
    reload: result.reload,
  };
}
