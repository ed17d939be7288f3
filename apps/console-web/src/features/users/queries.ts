import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { groupKeys, userKeys } from '../../api/queryKeys.js';

/** GET /users. */
export function useUsersQuery() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listUsers, { signal }),
  });
}

/** Every user mutation refreshes the lists and details it may change. */
function useUserMutation<I>(run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /users. */
export function useAddUser() {
  return useUserMutation((body: ApiInput<typeof routes.addUser>['body']) =>
    callApi(routes.addUser, { body }),
  );
}

/** DELETE /user?name=. */
export function useRemoveUser() {
  return useUserMutation((name: string) => callApi(routes.removeUser, { query: { name } }));
}

/** PUT /users-groups-bulk. */
export function useAddUsersToGroups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.bulkUsersGroups>['body']) =>
      callApi(routes.bulkUsersGroups, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}

/** GET /user?name=. */
export function useUserQuery(name: string) {
  return useQuery({
    queryKey: userKeys.detail(name),
    queryFn: ({ signal }) => callApi(routes.getUser, { query: { name }, signal }),
  });
}

/** PUT /user?name=: status and groups (the body the spec names); group lists change too. */
export function useUpdateUser(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.updateUser>['body']) =>
      callApi(routes.updateUser, { query: { name }, body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}
