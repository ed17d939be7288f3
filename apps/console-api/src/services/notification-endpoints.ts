import type {
  AddNotificationEndpointRequest,
  NotificationEndpoint,
  NotificationService,
} from '@stowage/contract';
import { formatConfigLine, type MadminClient, parseConfigText } from '@stowage/madmin';
import { storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';

/** Every target of ServerInfo's services.notifications: [{service: [{id: {status}}]}]. */
export async function listNotificationEndpoints(
  admin: MadminClient,
): Promise<{ notification_endpoints: NotificationEndpoint[] }> {
  const info = await storageCall(admin.serverInfo());
  const endpoints: NotificationEndpoint[] = [];
  for (const group of info.services?.notifications ?? [])
    for (const [service, targets] of Object.entries(group))
      for (const target of targets ?? [])
        for (const [accountId, state] of Object.entries(target))
          endpoints.push({
            service,
            account_id: accountId,
            status: state?.status === 'online' ? 'online' : 'offline',
          });
  return { notification_endpoints: endpoints };
}

/** Writes notify_<service>:<id>; the server answers whether a restart is needed to use it. */
export async function addNotificationEndpoint(
  admin: MadminClient,
  body: AddNotificationEndpointRequest,
): Promise<{ service: string; account_id: string; restart: boolean }> {
  const kvs = Object.entries(body.properties)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ({ key, value }));
  const { restart } = await storageCall(
    admin.config.setKV(formatConfigLine(`notify_${body.service}:${body.account_id}`, kvs)),
  );
  return { service: body.service, account_id: body.account_id, restart };
}

/** Deletes notify_<service>:<id>; a target that is not configured is a 404, not a silent no-op. */
export async function deleteNotificationEndpoint(
  admin: MadminClient,
  service: NotificationService,
  accountId: string,
): Promise<{ restart: boolean }> {
  const subSys = `notify_${service}`;
  const text = await storageCall(admin.config.getKV(subSys));
  if (!parseConfigText(text).some((line) => line.subSys === subSys && line.target === accountId))
    throw new ApiError('notFound', `no ${service} notification target ${accountId}`);
  return storageCall(admin.config.delKV(`${subSys}:${accountId}`));
}
