import type { LoginRequest, OperatorLoginRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { loginKeys, sessionKeys } from '../../api/queryKeys.js';
import { setToken } from '../../api/token.js';
import { prefetchLanding } from '../../app/routeTable.js';
import { sessionQueryOptions } from '../session/queries.js';

/** GET /login: which of the three login screens to show. */
export function useLoginDetailsQuery() {
  return useQuery({
    queryKey: loginKeys.details(),
    queryFn: ({ signal }) => callApi(routes.getLoginDetails, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * After a successful login: drop what a previous user cached, then load the session. Once it is
 * in the cache the /login route redirects to '/', which leads to the first allowed page.
 */
function useStartSession() {
  const queryClient = useQueryClient();
  return async () => {
    const keep = new Set<unknown>([sessionKeys.all[0], loginKeys.all[0]]);
    queryClient.removeQueries({ predicate: (query) => !keep.has(query.queryKey[0]) });
    // staleTime 0: a logged-out session is cached as fresh `null` and must be fetched anew.
    const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    if (session) prefetchLanding(queryClient, session.pages);
  };
}

/** POST /login {accessKey, secretKey}. */
export function useLoginMutation() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: LoginRequest) => callApi(routes.login, { body }),
    onSuccess: startSession,
  });
}

/** POST /login/operator {jwt} (spec 000 §7). */
export function useOperatorLoginMutation() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: OperatorLoginRequest) => callApi(routes.loginOperator, { body }),
    onSuccess: startSession,
  });
}

/** POST /login/oauth2/auth {code, state}: the returned sessionId is stored as the token. */
export function useOAuth2LoginMutation() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) => callApi(routes.loginOAuth2, { body }),
    onSuccess: async ({ sessionId }) => {
      setToken(sessionId);
      await startSession();
    },
  });
}
