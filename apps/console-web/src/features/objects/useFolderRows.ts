import { useDebouncedValue } from '@mantine/hooks';
import type { ObjectItem } from '@stowage/contract';
import { useCallback, useMemo } from 'react';
import { baseName } from './objectPaths.js';
import { useObjectPages, useRewindQuery } from './queries.js';

export type SearchCoverage =
  | { kind: 'none' }
  /** Every entry of the folder is loaded; the search matched names containing the term. */
  | { kind: 'loaded'; count: number }
  /** The folder is larger than what is loaded: the server searched names starting with it. */
  | { kind: 'prefix'; term: string };

export interface FolderRows {
  rows: readonly ObjectItem[];
  loading: boolean;
  error: Error | null;
  /** More pages exist and load as the user scrolls. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  coverage: SearchCoverage;
}

export const SEARCH_DEBOUNCE_MS = 300;

const contains = (term: string) => {
  const needle = term.toLowerCase();
  return (o: ObjectItem) => baseName(o.name).toLowerCase().includes(needle);
};

/**
 * The rows of a folder: its pages as loaded so far, or its state at a rewind date. A search
 * filters what is loaded when that is the whole folder; otherwise it asks the server for the
 * names that start with the term, so it still covers every key.
 */
export function useFolderRows(
  bucket: string,
  prefix: string,
  search: string,
  rewindDate?: string,
): FolderRows {
  const term = search.trim();
  // The server is asked once typing pauses, not at every keystroke.
  const [settled] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const pages = useObjectPages(bucket, prefix, rewindDate === undefined);
  const complete = pages.data !== undefined && !pages.hasNextPage;
  const serverSearch = term !== '' && rewindDate === undefined && pages.data !== undefined && !complete;
  const searched = useObjectPages(bucket, `${prefix}${settled}`, serverSearch && settled === term);
  const rewind = useRewindQuery(bucket, prefix, rewindDate);

  const active = serverSearch ? searched : pages;
  const loaded = useMemo(
    () => (active.data?.pages ?? []).flatMap((p) => p.objects).filter((o) => o.name !== prefix),
    [active.data, prefix],
  );
  const rows = useMemo(() => {
    if (rewindDate !== undefined) {
      const all = (rewind.data ?? []).filter((o) => o.name !== prefix);
      return term ? all.filter(contains(term)) : all;
    }
    return term && !serverSearch ? loaded.filter(contains(term)) : loaded;
  }, [rewindDate, rewind.data, term, serverSearch, loaded, prefix]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = active;
  const loadMore = useCallback(() => {
    if (rewindDate === undefined && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [rewindDate, hasNextPage, isFetchingNextPage, fetchNextPage]);

  let coverage: SearchCoverage = { kind: 'none' };
  if (term && serverSearch) coverage = { kind: 'prefix', term };
  else if (term)
    coverage = { kind: 'loaded', count: rewindDate ? (rewind.data?.length ?? 0) : loaded.length };

  if (rewindDate !== undefined) {
    return {
      rows,
      loading: rewind.isPending,
      error: rewind.error,
      hasMore: false,
      loadingMore: false,
      loadMore,
      coverage,
    };
  }
  return {
    rows,
    loading: active.isPending,
    error: active.error,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
    coverage,
  };
}
