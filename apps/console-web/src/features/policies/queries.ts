import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { groupKeys, policyKeys, userKeys } from '../../api/queryKeys.js';

/** Spec 000 §9: the screens ask for 1000 policies at a time. */
export const POLICY_PAGE = 1000;

/** GET /policies. */
export function usePoliciesQuery() {
  return useQuery({
    queryKey: policyKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listPolicies, { query: { limit: POLICY_PAGE }, signal }),
  });
}

/** PUT /set-policy: the policies a user or group ends up with. */
export function useSetPolicies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.setPolicy>['body']) => callApi(routes.setPolicy, { body }),
    // What a user or group holds shows on both lists and on their details.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}

/** GET /policy?name=. */
export function usePolicyQuery(name: string) {
  return useQuery({
    queryKey: policyKeys.detail(name),
    queryFn: ({ signal }) => callApi(routes.getPolicy, { query: { name }, signal }),
  });
}

/** GET /policies/{name}/users. */
export function usePolicyUsersQuery(name: string) {
  return useQuery({
    queryKey: policyKeys.users(name),
    queryFn: ({ signal }) => callApi(routes.listUsersForPolicy, { params: { name }, signal }),
  });
}

/** GET /policies/{name}/groups. */
export function usePolicyGroupsQuery(name: string) {
  return useQuery({
    queryKey: policyKeys.groups(name),
    queryFn: ({ signal }) => callApi(routes.listGroupsForPolicy, { params: { name }, signal }),
  });
}

/** POST /policies: creates a policy, or replaces the document of an existing one. */
export function useAddPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.addPolicy>['body']) => callApi(routes.addPolicy, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: policyKeys.all }),
  });
}

/** DELETE /policy?name=; users and groups holding it change too. */
export function useRemovePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(routes.removePolicy, { query: { name } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: policyKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}
