import { routes } from '@stowage/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';

/** Spec 000 §9: the screens ask for 1000 policies at a time. */
export const POLICY_PAGE = 1000;

export const policyKeys = {
  all: ['policies'] as const,
  list: () => [...policyKeys.all, 'list'] as const,
};

/** GET /policies. */
export function usePoliciesQuery() {
  return useQuery({
    queryKey: policyKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listPolicies, { query: { limit: POLICY_PAGE }, signal }),
  });
}
