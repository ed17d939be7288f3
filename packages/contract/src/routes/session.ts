import { type Static, Type } from 'typebox';
import { ApiErrorBody } from '../errors.js';
import { defineRoute } from '../route.js';

/**
 * Operator mode: what the cluster's RBAC lets the logged-in token change (SelfSubjectAccessReview,
 * in every namespace). The web disables a control whose right is false and says why.
 */
export const OperatorPermissions = Type.Object(
  {
    /** Nothing below is allowed: the console is read-only for this token. */
    readOnly: Type.Boolean(),
    /** Create tenants together with their secrets. */
    createTenant: Type.Boolean(),
    /** Change a tenant (image, pools, YAML, certificates). */
    updateTenant: Type.Boolean(),
    deleteTenant: Type.Boolean(),
    createNamespace: Type.Boolean(),
    /** Restart a tenant's pod by deleting it. */
    deletePod: Type.Boolean(),
    /** Format direct-csi drives. */
    formatDrives: Type.Boolean(),
  },
  { $id: 'OperatorPermissions' },
);
export type OperatorPermissions = Static<typeof OperatorPermissions>;

export const SessionResponse = Type.Object(
  {
    status: Type.Literal('ok'),
    operator: Type.Boolean(),
    distributedMode: Type.Boolean(),
    /** The routes this session may open (reference/console-anchor.md §4.4). */
    pages: Type.Array(Type.String()),
    features: Type.Array(Type.String()),
    /** Sent back in the X-CSRF-Token header of every mutating call. */
    csrfToken: Type.String(),
    /** The logged-in access key, for rules such as "cannot delete your own user". */
    accessKey: Type.String(),
    /** Present in operator mode only. */
    operatorPermissions: Type.Optional(OperatorPermissions),
  },
  { $id: 'SessionResponse' },
);
export type SessionResponse = Static<typeof SessionResponse>;

export const getSession = defineRoute({
  id: 'getSession',
  method: 'GET',
  path: '/session',
  summary: 'The current session: allowed pages, features and mode',
  tag: 'auth',
  auth: true,
  responses: { 200: SessionResponse, 401: ApiErrorBody },
});
