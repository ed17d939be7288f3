import { Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Passwords (spec 000 §7): one's own, proven by the current one, and another user's.

/** Spec 000 §9: at least 8 characters; MinIO's upper limit is 40. */
const secret = Type.String({ minLength: 8, maxLength: 40 });

export const ChangePasswordRequest = Type.Object(
  { current_secret_key: Type.String({ minLength: 1, maxLength: 40 }), new_secret_key: secret },
  { $id: 'ChangePasswordRequest', additionalProperties: false },
);

export const ChangeUserPasswordRequest = Type.Object(
  { selectedUser: Type.String({ minLength: 1, maxLength: 256 }), newSecretKey: secret },
  { $id: 'ChangeUserPasswordRequest', additionalProperties: false },
);

export const changePassword = defineRoute({
  id: 'changePassword',
  method: 'POST',
  path: '/account/change-password',
  summary: "Changes the logged-in user's password; the session is replaced by a new one",
  tag: 'account',
  auth: true,
  body: ChangePasswordRequest,
  responses: { 204: null, ...CALL_ERRORS },
});

export const changeUserPassword = defineRoute({
  id: 'changeUserPassword',
  method: 'POST',
  path: '/account/change-user-password',
  summary: "Sets another user's password",
  tag: 'account',
  auth: true,
  body: ChangeUserPasswordRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
