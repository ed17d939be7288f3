import { routes } from '@stowage/contract/route-index';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { restartFinished, restartStarted } from '../../app/serverState.js';

/** POST /service/restart, driving the restart flags of spec 000 §4. */
export function useRestartService() {
  return useMutation({
    mutationFn: () => callApi(routes.restartService),
    onMutate: restartStarted,
    onSuccess: () => restartFinished(true),
    onError: () => restartFinished(false),
  });
}
