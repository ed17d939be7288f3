import { routes } from '@stowage/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';

export const permissionKeys = {
  all: ['permissions'] as const,
  check: (action: string, bucket: string | undefined) =>
    [...permissionKeys.all, action, bucket ?? ''] as const,
};

/** POST /has-permission for one action (on a bucket when given); false until known. */
export function useHasPermission(action: string, bucket?: string): boolean {
  const query = useQuery({
    queryKey: permissionKeys.check(action, bucket),
    queryFn: ({ signal }) =>
      callApi(routes.hasPermission, {
        body: { actions: [{ id: action, action, ...(bucket ? { bucket_name: bucket } : {}) }] },
        signal,
      }),
    staleTime: 60_000,
  });
  return query.data?.permissions.some((p) => p.id === action && p.can) ?? false;
}
