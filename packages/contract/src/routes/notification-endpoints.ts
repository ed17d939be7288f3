import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Settings > Lambda Notifications (spec 002 §2.1): the server's event targets, notify_<service>
// configuration sub-systems, listed with their live status.

export const NOTIFICATION_SERVICES = [
  'postgres',
  'mysql',
  'kafka',
  'amqp',
  'mqtt',
  'redis',
  'nats',
  'elasticsearch',
  'webhook',
  'nsq',
] as const;

export const NotificationService = Type.Enum(NOTIFICATION_SERVICES);
export type NotificationService = Static<typeof NotificationService>;

export const NotificationEndpoint = Type.Object(
  {
    service: Type.String(),
    account_id: Type.String(),
    status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  },
  { $id: 'NotificationEndpoint' },
);
export type NotificationEndpoint = Static<typeof NotificationEndpoint>;

export const ListNotificationEndpointsResponse = Type.Object(
  { notification_endpoints: Type.Array(NotificationEndpoint) },
  { $id: 'ListNotificationEndpointsResponse' },
);

/** The target's id: the part after the colon in the sub-system name and in its ARN. */
export const NotificationAccountId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
});

export const AddNotificationEndpointRequest = Type.Object(
  {
    service: NotificationService,
    account_id: NotificationAccountId,
    /** The service's settings (spec 002 §3, e.g. connection_string, table, format, queue_limit). */
    properties: Type.Record(Type.String({ pattern: '^[a-z0-9_]+$' }), Type.String({ maxLength: 4096 }), {
      maxProperties: 64,
    }),
  },
  { $id: 'AddNotificationEndpointRequest', additionalProperties: false },
);
export type AddNotificationEndpointRequest = Static<typeof AddNotificationEndpointRequest>;

/** The settings are not echoed back: they hold passwords. */
export const AddNotificationEndpointResponse = Type.Object(
  { service: Type.String(), account_id: Type.String(), restart: Type.Boolean() },
  { $id: 'AddNotificationEndpointResponse' },
);

export const listNotificationEndpoints = defineRoute({
  id: 'listNotificationEndpoints',
  method: 'GET',
  path: '/admin/notification_endpoints',
  summary: "The server's event notification targets and whether each answers",
  tag: 'notifications',
  auth: true,
  responses: { 200: ListNotificationEndpointsResponse, ...CALL_ERRORS },
});

export const addNotificationEndpoint = defineRoute({
  id: 'addNotificationEndpoint',
  method: 'POST',
  path: '/admin/notification_endpoints',
  summary: 'Add an event notification target (takes effect after a restart)',
  tag: 'notifications',
  auth: true,
  body: AddNotificationEndpointRequest,
  responses: { 201: AddNotificationEndpointResponse, ...CALL_ERRORS },
});

/** Beyond spec 002: removing a target deletes its notify_<service>:<id> sub-system. */
export const DeleteNotificationEndpointResponse = Type.Object(
  { restart: Type.Boolean({ description: 'true when the change takes effect after a restart' }) },
  { $id: 'DeleteNotificationEndpointResponse' },
);

export const deleteNotificationEndpoint = defineRoute({
  id: 'deleteNotificationEndpoint',
  method: 'DELETE',
  path: '/admin/notification_endpoints/:service/:account_id',
  summary: 'Remove an event notification target (takes effect after a restart)',
  tag: 'notifications',
  auth: true,
  params: Type.Object({ service: NotificationService, account_id: NotificationAccountId }),
  responses: { 200: DeleteNotificationEndpointResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});
