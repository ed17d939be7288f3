import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { policyKeys } from '../../api/queryKeys.js';

/** POST /policies/simulate: one question, answered fresh each time (documents may have changed). */
export function useSimulatePolicy() {
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.simulatePolicy>['body']) =>
      callApi(routes.simulatePolicy, { body }),
  });
}

export type EffectiveSubject = { user: string } | { bucket: string };

/** GET /policies/effective?user= or ?bucket=. */
export function useEffectivePermissionsQuery(subject: EffectiveSubject) {
  return useQuery({
    queryKey: [...policyKeys.all, 'effective', subject] as const,
    queryFn: ({ signal }) => callApi(routes.getEffectivePermissions, { query: subject, signal }),
  });
}
