import type { MakeBucketRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { bucketKeys } from '../../api/queryKeys.js';

/** GET /buckets. */
export const bucketsOptions = () =>
  queryOptions({
    queryKey: bucketKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listBuckets, { signal }),
  });

export function useBucketsQuery() {
  return useQuery(bucketsOptions());
}

/** POST /buckets. */
export function useMakeBucket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MakeBucketRequest) => callApi(routes.makeBucket, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: bucketKeys.all }),
  });
}
