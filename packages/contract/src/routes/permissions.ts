import { type Static, Type } from 'typebox';
import { CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// POST /has-permission (spec 001 §7): which actions the session's policy allows, for buttons.

export const HasPermissionRequest = Type.Object(
  {
    actions: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 128 }),
          action: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9*?]+:[A-Za-z0-9*?]+$' }),
          bucket_name: Type.Optional(Type.String({ minLength: 1, maxLength: 63 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
  },
  { $id: 'HasPermissionRequest', additionalProperties: false },
);

export const HasPermissionResponse = Type.Object(
  { permissions: Type.Array(Type.Object({ id: Type.String(), can: Type.Boolean() })) },
  { $id: 'HasPermissionResponse' },
);
export type HasPermissionResponse = Static<typeof HasPermissionResponse>;

export const hasPermission = defineRoute({
  id: 'hasPermission',
  method: 'POST',
  path: '/has-permission',
  summary: "Whether the session's policy allows each action (on a bucket when named); deny wins",
  tag: 'auth',
  auth: true,
  body: HasPermissionRequest,
  responses: { 200: HasPermissionResponse, ...CALL_ERRORS },
});
