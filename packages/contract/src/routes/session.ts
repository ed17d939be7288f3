import { type Static, Type } from 'typebox';
import { ApiErrorBody } from '../errors.js';
import { defineRoute } from '../route.js';

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
