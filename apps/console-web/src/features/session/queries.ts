import type { SessionResponse } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { sessionKeys } from '../../api/queryKeys.js';
import { endSession, sessionStarted } from '../../api/sessionEvents.js';
import { setToken } from '../../api/token.js';

/**
 * GET /session. `null` data means "logged out locally" (after logout or a 401), so the app
 * need not refetch to learn it. The CSRF token is stored under `token` (spec 000 §9).
 */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: async ({ signal }): Promise<SessionResponse | null> => {
      const session = await callApi(routes.getSession, { signal });
      setToken(session.csrfToken);
      sessionStarted(session.accessKey);
      return session;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}

/** POST /logout; spec 000 §4: even a failed logout ends the session locally. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => callApi(routes.logout),
    onSettled: () => endSession(),
  });
}
