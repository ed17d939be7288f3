import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { subscriptionKeys } from '../../api/queryKeys.js';

/** GET /subscription/info. Spec 002 §4: a failure is silent (the open-source view shows). */
export function useSubscriptionInfo() {
  return useQuery({
    queryKey: subscriptionKeys.info,
    queryFn: ({ signal }) => callApi(routes.getSubscriptionInfo, { signal }),
    retry: false,
  });
}

/** A licence change: the page shows the licence now in force. */
function useLicenseMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.info }),
  });
}

/** POST /subscription/validate (operator mode): a licence key, or a SUBNET email and password. */
export function useActivateSubscription() {
  return useLicenseMutation((body: ApiInput<typeof routes.validateSubscription>['body']) =>
    callApi(routes.validateSubscription, { body }),
  );
}

/** POST /subscription/refresh (operator mode): SUBNET renews the licence. */
export function useRefreshSubscription() {
  return useLicenseMutation(() => callApi(routes.refreshSubscription));
}
