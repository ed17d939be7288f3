import type { ServiceAccountCredentials } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { serviceAccountKeys } from '../../api/queryKeys.js';

/** Whose access keys: the session's own (`self`) or a named user's. */
export type AccountOwner = { kind: 'self' } | { kind: 'user'; user: string };

/** GET /service-accounts or GET /user/{user}/service-accounts. */
export function useServiceAccountsQuery(owner: AccountOwner) {
  return useQuery({
    queryKey: serviceAccountKeys.list(owner),
    queryFn: ({ signal }) =>
      owner.kind === 'self'
        ? callApi(routes.listServiceAccounts, { signal })
        : callApi(routes.listUserServiceAccounts, { params: { user: owner.user }, signal }),
  });
}

export interface NewServiceAccount {
  /** Blank: no policy, the account inherits its parent's rights. */
  policy: string;
  /** Both given: the caller's keys; otherwise the server generates them. */
  keys?: { accessKey: string; secretKey: string } | undefined;
}

/** The four create calls of spec 000 §7: own or a user's, generated or chosen keys. */
function createServiceAccount(owner: AccountOwner, input: NewServiceAccount) {
  const policy = input.policy.trim() === '' ? undefined : input.policy;
  const base = policy === undefined ? {} : { policy };
  if (owner.kind === 'self') {
    return input.keys
      ? callApi(routes.createServiceAccountCredentials, { body: { ...base, ...input.keys } })
      : callApi(routes.createServiceAccount, { body: base });
  }
  const params = { user: owner.user };
  return input.keys
    ? callApi(routes.createUserServiceAccountCredentials, { params, body: { ...base, ...input.keys } })
    : callApi(routes.createUserServiceAccount, { params, body: base });
}

export function useCreateServiceAccount(owner: AccountOwner) {
  const client = useQueryClient();
  return useMutation<ServiceAccountCredentials, Error, NewServiceAccount>({
    mutationFn: (input) => createServiceAccount(owner, input),
    onSuccess: () => client.invalidateQueries({ queryKey: serviceAccountKeys.all }),
  });
}

/** DELETE /service-accounts/{serviceAccount}. */
export function useDeleteServiceAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serviceAccount: string) =>
      callApi(routes.deleteServiceAccount, { params: { serviceAccount } }),
    onSuccess: () => client.invalidateQueries({ queryKey: serviceAccountKeys.all }),
  });
}
