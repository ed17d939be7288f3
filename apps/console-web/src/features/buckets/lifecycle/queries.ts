import type { AddLifecycleRequest, UpdateLifecycleRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.js';
import { bucketDetailKeys, tierKeys } from '../../../api/queryKeys.js';

const lifecycleKey = (bucket: string) => bucketDetailKeys.part(bucket, 'lifecycle');

export const useLifecycleQuery = (bucket: string) =>
  useQuery({
    queryKey: lifecycleKey(bucket),
    queryFn: ({ signal }) => callApi(routes.getBucketLifecycle, { params: { bucket }, signal }),
  });

/**
 * Spec 001 §8: a tier load failure is silent; the storage class list is then empty. Its own key
 * under the tiers' (an added tier refreshes it) so Settings → Tiers never gets the silenced list.
 */
export const useTierNamesQuery = (enabled: boolean) =>
  useQuery({
    queryKey: tierKeys.names(),
    queryFn: ({ signal }) => callApi(routes.listTiers, { signal }).catch(() => ({ items: [] })),
    enabled,
  });

function useLifecycleMutation<I>(bucket: string, run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: lifecycleKey(bucket) }),
  });
}

export const useAddLifecycle = (bucket: string) =>
  useLifecycleMutation(bucket, (body: AddLifecycleRequest) =>
    callApi(routes.addBucketLifecycle, { params: { bucket }, body }),
  );

export const useUpdateLifecycle = (bucket: string) =>
  useLifecycleMutation(bucket, ({ id, body }: { id: string; body: UpdateLifecycleRequest }) =>
    callApi(routes.updateBucketLifecycle, { params: { bucket, id }, body }),
  );

export const useDeleteLifecycle = (bucket: string) =>
  useLifecycleMutation(bucket, (id: string) =>
    callApi(routes.deleteBucketLifecycle, { params: { bucket, id } }),
  );
