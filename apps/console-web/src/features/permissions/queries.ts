import type { ConsoleAction } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { permissionKeys } from '../../api/queryKeys.js';

/** The request's id for one check: the action, with its bucket when one is named. */
const checkId = (action: ConsoleAction, bucket: string | undefined) =>
  bucket ? `${action}@${bucket}` : action;

interface PendingCheck {
  action: ConsoleAction;
  bucket: string | undefined;
  resolve: (can: boolean) => void;
  reject: (error: unknown) => void;
}

/** The contract's limit on actions per request. */
const MAX_ACTIONS = 500;
let queued: PendingCheck[] = [];

/**
 * Checks asked for in the same tick (every control of a screen mounting together) travel in
 * one POST /has-permission; each answer is still cached under its own key.
 */
function flush() {
  const batch = queued;
  queued = [];
  for (let start = 0; start < batch.length; start += MAX_ACTIONS) {
    const chunk = batch.slice(start, start + MAX_ACTIONS);
    const actions = [
      ...new Map(
        chunk.map(({ action, bucket }) => [
          checkId(action, bucket),
          { id: checkId(action, bucket), action, ...(bucket ? { bucket_name: bucket } : {}) },
        ]),
      ).values(),
    ];
    callApi(routes.hasPermission, { body: { actions } }).then(
      ({ permissions }) => {
        const allowed = new Set(permissions.filter((p) => p.can).map((p) => p.id));
        for (const check of chunk) check.resolve(allowed.has(checkId(check.action, check.bucket)));
      },
      (error: unknown) => {
        for (const check of chunk) check.reject(error);
      },
    );
  }
}

function checkPermission(action: ConsoleAction, bucket: string | undefined): Promise<boolean> {
  return new Promise((resolve, reject) => {
    queued.push({ action, bucket, resolve, reject });
    if (queued.length === 1) queueMicrotask(flush);
  });
}

/** 'pending' until the server answers; 'unknown' when the check itself failed. */
export type PermissionState = 'allowed' | 'denied' | 'pending' | 'unknown';

/** Whether the session's policy allows the action (on the bucket when given). */
export function usePermission(action: ConsoleAction, bucket?: string): PermissionState {
  const query = useQuery({
    queryKey: permissionKeys.check(action, bucket),
    queryFn: () => checkPermission(action, bucket),
    staleTime: 60_000,
  });
  if (query.isPending) return 'pending';
  if (query.isError) return 'unknown';
  return query.data ? 'allowed' : 'denied';
}

/** True only once the server has said yes: for reads that would fail without the action. */
export function useHasPermission(action: ConsoleAction, bucket?: string): boolean {
  return usePermission(action, bucket) === 'allowed';
}
