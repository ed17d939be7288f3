import { routes } from '@stowage/contract/route-index';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { logKeys } from '../../api/queryKeys.js';
import {
  type AuditCriteria,
  type AuditOrder,
  auditSearchQuery,
  emptyCriteria,
  nextAuditPage,
} from './auditQuery.js';

/**
 * GET /logs/search, a page at a time (spec 002 §4): each load appends the next page; a new
 * `run` (Get Information) or another order starts again at page 0. Idle until searched.
 */
export function useAuditSearch(
  search: { criteria: AuditCriteria; run: number } | undefined,
  order: AuditOrder,
) {
  return useInfiniteQuery({
    queryKey: logKeys.audit(search?.criteria ?? emptyCriteria(), order, search?.run ?? 0),
    queryFn: ({ signal, pageParam }) =>
      callApi(routes.searchLogs, {
        query: auditSearchQuery(search?.criteria ?? emptyCriteria(), order, pageParam),
        signal,
      }).then((r) => r.results),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextAuditPage(last, pages.length),
    enabled: search !== undefined,
    // A search is a snapshot the user asked for: no refetch behind their back.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
