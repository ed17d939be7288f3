import type { Widget } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { dashboardKeys } from '../../api/queryKeys.js';
import { healInProgress } from './healState.js';
import { type TimeRange, widgetStep } from './timeRange.js';

/** How often the status is asked again while the server heals, so its progress moves on screen. */
export const HEAL_POLL_MS = 5000;

const rangeQuery = (range: TimeRange) => ({ start: range.start, end: range.end, step: widgetStep(range) });

/** GET /admin/info: the general status and the list of widgets (spec 000 §2). */
export const adminInfoOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.info(),
    queryFn: ({ signal }) => callApi(routes.getAdminInfo, { query: {}, signal }),
  });

export function useAdminInfoQuery() {
  return useQuery({
    ...adminInfoOptions(),
    refetchInterval: (query) => (query.state.data && healInProgress(query.state.data) ? HEAL_POLL_MS : false),
  });
}

/** GET /admin/info/widgets/{id} over a range (spec 001 §7): each widget loads and fails on its own. */
export function useWidgetQuery(id: Widget['id'], range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.widget(id, range),
    queryFn: ({ signal }) =>
      callApi(routes.getWidget, { params: { widgetId: id }, query: rangeQuery(range), signal }),
    // A new range keeps the old chart on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
