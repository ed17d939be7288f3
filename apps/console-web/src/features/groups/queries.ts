import { routes } from '@stowage/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';

export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
};

/** GET /groups: group names. */
export function useGroupsQuery() {
  return useQuery({
    queryKey: groupKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listGroups, { signal }),
  });
}
