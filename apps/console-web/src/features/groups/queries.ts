import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { groupKeys, userKeys } from '../../api/queryKeys.js';

/** GET /groups: group names. */
export function useGroupsQuery() {
  return useQuery({
    queryKey: groupKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listGroups, { signal }),
  });
}

/** GET /group?name=: members, status and policies of one group. */
export function useGroupQuery(name: string | undefined) {
  return useQuery({
    queryKey: groupKeys.detail(name ?? ''),
    queryFn: ({ signal }) => callApi(routes.getGroup, { query: { name: name ?? '' }, signal }),
    enabled: name !== undefined,
  });
}

/** Group mutations refresh groups and users (memberships show on both). */
function useGroupMutation<I>(run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: groupKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}

/** POST /groups. */
export function useAddGroup() {
  return useGroupMutation((body: ApiInput<typeof routes.addGroup>['body']) =>
    callApi(routes.addGroup, { body }),
  );
}

/** PUT /group?name=. */
export function useUpdateGroup() {
  return useGroupMutation(
    ({ name, ...body }: { name: string } & ApiInput<typeof routes.updateGroup>['body']) =>
      callApi(routes.updateGroup, { query: { name }, body }),
  );
}

/** DELETE /group?name=. */
export function useRemoveGroup() {
  return useGroupMutation((name: string) => callApi(routes.removeGroup, { query: { name } }));
}
