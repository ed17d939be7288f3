import { routes } from '@stowage/contract/route-index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { sessionQueryOptions } from '../session/queries.js';

/** POST /account/change-password; the server replaces the session, so its CSRF token is re-read. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.changePassword>['body']) =>
      callApi(routes.changePassword, { body }),
    onSuccess: () => client.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }),
  });
}

/** POST /account/change-user-password. */
export function useChangeUserPassword() {
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.changeUserPassword>['body']) =>
      callApi(routes.changeUserPassword, { body }),
  });
}
