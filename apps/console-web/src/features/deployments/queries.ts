import { routes } from '@stowage/contract/route-index';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { deploymentKeys } from '../../api/queryKeys.js';

/**
 * GET /deployments: the deployments this console manages and which this browser is logged
 * into (empty with a single deployment). Logins happen in other tabs too: read again on focus.
 */
export function useDeploymentsQuery() {
  return useQuery({
    queryKey: deploymentKeys.list(),
    queryFn: async ({ signal }) => (await callApi(routes.listDeployments, { signal })).deployments,
    staleTime: 10_000,
  });
}
