import type { AddTierRequest, TierCredentialsRequest, TierType } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { tierKeys } from '../../api/queryKeys.js';

/** GET /admin/tiers. */
export function useTiersQuery() {
  return useQuery({
    queryKey: tierKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listTiers, { signal }),
  });
}

/** POST /admin/tiers; the list reloads after it. */
export function useAddTier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTierRequest) => callApi(routes.addTier, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tierKeys.all }),
  });
}

/** PUT /admin/tiers/{type}/{name}/credentials. */
export function useEditTierCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, name, body }: { type: TierType; name: string; body: TierCredentialsRequest }) =>
      callApi(routes.editTierCredentials, { params: { type, name }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
