import { routes } from '@stowage/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { type TimeRange, widgetStep } from './timeRange.js';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  info: (range: TimeRange) => [...dashboardKeys.all, 'info', range.start, range.end] as const,
};

/** GET /admin/info over a range: the general status and the widgets (spec 000 §7). */
export function useAdminInfoQuery(range: TimeRange) {
  return useQuery({
    queryKey: dashboardKeys.info(range),
    queryFn: ({ signal }) =>
      callApi(routes.getAdminInfo, {
        query: { start: range.start, end: range.end, step: widgetStep(range) },
        signal,
      }),
    // A new range keeps the old charts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
