import { type Static, Type } from 'typebox';
import { CONSOLE_ACTIONS, type ConsoleAction } from '../actions.js';
import { CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// POST /has-permission (spec 001 §7): which actions the session's policy allows, for buttons.

/** One of the console's actions; anything else is a client bug, refused at the boundary. */
export const ConsoleActionSchema = Type.Unsafe<ConsoleAction>(
  Type.Union(
    CONSOLE_ACTIONS.map((a) => Type.Literal(a)),
    { $id: 'ConsoleAction' },
  ),
);

export const HasPermissionRequest = Type.Object(
  {
    actions: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 128 }),
          action: ConsoleActionSchema,
          bucket_name: Type.Optional(Type.String({ minLength: 1, maxLength: 63 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
  },
  { $id: 'HasPermissionRequest', additionalProperties: false },
);

export type HasPermissionRequest = Static<typeof HasPermissionRequest>;

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
