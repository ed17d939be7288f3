import { routes } from '@stowage/contract/route-index';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/ApiError.js';
import { type ApiInput, callApi } from '../../../api/client.js';
import { arnKeys, bucketDetailKeys, bucketKeys } from '../../../api/queryKeys.js';
import type { EncryptionChoice } from './encryption.js';

// One hook per call of a bucket's detail pages (spec 001 §7). Every key starts with the
// bucket's, so a change refreshes exactly that bucket's screens (spec 001 §4: detail data
// reloads after policy, retention or versioning changes).

/** null when the call answers 404 (not set), instead of an error. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const useBucketQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'info'),
    queryFn: ({ signal }) => callApi(routes.getBucket, { params: { bucket }, signal }),
  });

export const useVersioningQuery = (bucket: string, enabled = true) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'versioning'),
    queryFn: ({ signal }) => callApi(routes.getBucketVersioning, { params: { bucket }, signal }),
    enabled,
  });

export const useQuotaQuery = (bucket: string, enabled = true) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'quota'),
    queryFn: ({ signal }) => orNull(callApi(routes.getBucketQuota, { params: { bucket }, signal })),
    enabled,
  });

export const useLockingQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'locking'),
    queryFn: ({ signal }) => callApi(routes.getBucketObjectLocking, { params: { bucket }, signal }),
  });

/** Spec 001 §8: a retention fetch failure is silent and means retention is not enabled. */
export const useRetentionQuery = (bucket: string, enabled: boolean) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'retention'),
    queryFn: ({ signal }) =>
      callApi(routes.getBucketRetention, { params: { bucket }, signal }).catch(() => null),
    enabled,
  });

/** Spec 001 §8: "configuration was not found" means encryption is off, not an error. */
export const useEncryptionQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'encryption'),
    queryFn: ({ signal }) => orNull(callApi(routes.getBucketEncryption, { params: { bucket }, signal })),
  });

export const useReplicationQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'replication'),
    queryFn: ({ signal }) => orNull(callApi(routes.getBucketReplication, { params: { bucket }, signal })),
  });

export const useBucketEventsQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'events'),
    queryFn: ({ signal }) => callApi(routes.listBucketEvents, { params: { bucket }, signal }),
  });

/** GET /admin/arns: the notification targets an event can go to. */
export const useArnsQuery = (enabled: boolean) =>
  useQuery({
    queryKey: arnKeys.all,
    queryFn: ({ signal }) => callApi(routes.listArns, { signal }),
    enabled,
  });

export const useBucketPoliciesQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'policies'),
    queryFn: ({ signal }) => callApi(routes.listBucketPolicies, { params: { bucket }, signal }),
  });

export const useBucketUsersQuery = (bucket: string, enabled: boolean) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'users'),
    queryFn: ({ signal }) => callApi(routes.listBucketUsers, { params: { bucket }, signal }),
    enabled,
  });

export const useAccessRulesQuery = (bucket: string) =>
  useQuery({
    queryKey: bucketDetailKeys.part(bucket, 'access-rules'),
    queryFn: ({ signal }) => callApi(routes.listAccessRules, { params: { bucket }, signal }),
  });

/** A change to one bucket, refreshing every query of that bucket and the bucket list. */
function useBucketMutation<I, O>(bucket: string, run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation<O, ApiError | Error, I>({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: bucketDetailKeys.bucket(bucket) as QueryKey }),
        client.invalidateQueries({ queryKey: bucketKeys.list() }),
      ]),
  });
}

type Body<R> = ApiInput<R> extends { body: infer B } ? B : never;

export const useSetBucketPolicy = (bucket: string) =>
  useBucketMutation(bucket, (body: Body<typeof routes.setBucketPolicy>) =>
    callApi(routes.setBucketPolicy, { params: { bucket }, body }),
  );

export const useSetVersioning = (bucket: string) =>
  useBucketMutation(bucket, (versioning: boolean) =>
    callApi(routes.setBucketVersioning, { params: { bucket }, body: { versioning } }),
  );

export const useSetQuota = (bucket: string) =>
  useBucketMutation(bucket, (body: Body<typeof routes.setBucketQuota>) =>
    callApi(routes.setBucketQuota, { params: { bucket }, body }),
  );

export const useSetRetention = (bucket: string) =>
  useBucketMutation(bucket, (body: Body<typeof routes.setBucketRetention>) =>
    callApi(routes.setBucketRetention, { params: { bucket }, body }),
  );

/** 'disabled' calls the disable endpoint (spec 001 §4); sse-kms sends its key. */
export const useSetEncryption = (bucket: string) =>
  useBucketMutation(bucket, ({ type, kmsKeyID }: EncryptionChoice) =>
    type === 'disabled'
      ? callApi(routes.disableBucketEncryption, { params: { bucket } })
      : callApi(routes.enableBucketEncryption, {
          params: { bucket },
          body: type === 'sse-kms' ? { encType: type, kmsKeyID: kmsKeyID.trim() } : { encType: type },
        }),
  );

export const useCreateBucketEvent = (bucket: string) =>
  useBucketMutation(bucket, (configuration: Body<typeof routes.createBucketEvent>['configuration']) =>
    callApi(routes.createBucketEvent, { params: { bucket }, body: { configuration, ignoreExisting: true } }),
  );

export const useDeleteBucketEvent = (bucket: string) =>
  useBucketMutation(bucket, ({ arn, ...body }: { arn: string } & Body<typeof routes.deleteBucketEvent>) =>
    callApi(routes.deleteBucketEvent, { params: { bucket, arn }, body }),
  );

export const useSetAccessRule = (bucket: string) =>
  useBucketMutation(bucket, (body: Body<typeof routes.setAccessRule>) =>
    callApi(routes.setAccessRule, { params: { bucket }, body }),
  );

export const useDeleteAccessRule = (bucket: string) =>
  useBucketMutation(bucket, (prefix: string) =>
    callApi(routes.deleteAccessRule, { params: { bucket }, body: { prefix } }),
  );

export function useDeleteBucket(bucket: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(routes.deleteBucket, { params: { bucket }, body: { name: bucket } }),
    onSuccess: () => client.invalidateQueries({ queryKey: bucketKeys.list() }),
  });
}
