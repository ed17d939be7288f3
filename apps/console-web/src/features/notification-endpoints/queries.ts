import type { AddNotificationEndpointRequest, NotificationService } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { notificationEndpointKeys } from '../../api/queryKeys.js';
import { followRestartAnswer } from '../../app/serverState.js';

/** The action adding and deleting targets needs (set/del-config-kv); the controls ask for it. */
export const CONFIG_UPDATE = 'admin:ConfigUpdate';

/** GET /admin/notification_endpoints: each target with the server's live status. */
export function useNotificationEndpointsQuery() {
  return useQuery({
    queryKey: notificationEndpointKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listNotificationEndpoints, { signal }),
  });
}

/** POST /admin/notification_endpoints; the list reloads after it. */
export function useAddNotificationEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddNotificationEndpointRequest) => callApi(routes.addNotificationEndpoint, { body }),
    onSuccess: async (answer) => {
      followRestartAnswer(answer);
      await client.invalidateQueries({ queryKey: notificationEndpointKeys.all });
    },
  });
}

/** DELETE /admin/notification_endpoints/{service}/{account_id}. */
export function useDeleteNotificationEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { service: NotificationService; account_id: string }) =>
      callApi(routes.deleteNotificationEndpoint, { params: target }),
    onSuccess: async (answer) => {
      followRestartAnswer(answer);
      await client.invalidateQueries({ queryKey: notificationEndpointKeys.all });
    },
  });
}
