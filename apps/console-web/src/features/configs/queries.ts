import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { configKeys } from '../../api/queryKeys.js';
import { followRestartAnswer } from '../../app/serverState.js';

/** GET /configs/{configId}. */
export function useConfigQuery(configId: string) {
  return useQuery({
    queryKey: configKeys.detail(configId),
    queryFn: ({ signal }) => callApi(routes.getConfig, { params: { configId }, signal }),
  });
}

/** GET /configs/{subSys}/targets: every target of a multi-target sub-system. */
export function useConfigTargetsQuery(subSys: string) {
  return useQuery({
    queryKey: configKeys.targets(subSys),
    queryFn: ({ signal }) => callApi(routes.listConfigTargets, { params: { subSys }, signal }),
  });
}

/** PUT /configs/{configId}; spec 000 §4: the restart bar follows the server's answer. */
export function useSetConfig(configId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.setConfig>['body']) =>
      callApi(routes.setConfig, { params: { configId }, body }),
    onSuccess: async (answer) => {
      followRestartAnswer(answer);
      await client.invalidateQueries({ queryKey: configKeys.all });
    },
  });
}
