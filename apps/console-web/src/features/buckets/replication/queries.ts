import type { MultiBucketReplicationRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.js';
import { bucketDetailKeys, bucketKeys } from '../../../api/queryKeys.js';

/** POST /list-external-buckets: checks the remote by listing its buckets. */
export function useListExternalBuckets() {
  return useMutation({
    mutationFn: (body: { accessKey: string; secretKey: string; targetURL: string; useTLS: boolean }) =>
      callApi(routes.listExternalBuckets, { body }),
  });
}

/** POST /buckets-replication: one rule per origin bucket; the answer says how each went. */
export function useSetReplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MultiBucketReplicationRequest) => callApi(routes.setMultiBucketReplication, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: bucketKeys.all }),
  });
}

export const useDeleteReplicationRule = (bucket: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) =>
      callApi(routes.deleteBucketReplicationRule, { params: { bucket, ruleId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: bucketKeys.all }),
  });
};

/** GET /buckets/:bucket/replication/metrics: what waits, failed and went, per target. */
export const useReplicationMetricsQuery = (bucket: string, enabled: boolean) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'replication-metrics'),
    queryFn: ({ signal }) => callApi(routes.getBucketReplicationMetrics, { params: { bucket }, signal }),
    enabled,
  });
