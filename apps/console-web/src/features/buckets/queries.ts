import { routes } from '@stowage/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';

export const bucketKeys = {
  all: ['buckets'] as const,
  list: () => [...bucketKeys.all, 'list'] as const,
};

/** GET /buckets. */
export function useBucketsQuery() {
  return useQuery({
    queryKey: bucketKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listBuckets, { signal }),
  });
}
