import { routes } from '@stowage/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';

export const subscriptionKeys = { info: ['subscription', 'info'] as const };

/** GET /subscription/info. Spec 002 §4: a failure is silent (the open-source view shows). */
export function useSubscriptionInfo() {
  return useQuery({
    queryKey: subscriptionKeys.info,
    queryFn: ({ signal }) => callApi(routes.getSubscriptionInfo, { signal }),
    retry: false,
  });
}
