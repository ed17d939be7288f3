import { type Static, Type } from 'typebox';
import { ApiErrorBody } from '../errors.js';
import { defineRoute } from '../route.js';

export const LoginStrategy = Type.Union(
  [Type.Literal('unknown'), Type.Literal('form'), Type.Literal('redirect'), Type.Literal('service-account')],
  { $id: 'LoginStrategy' },
);
export type LoginStrategy = Static<typeof LoginStrategy>;

export const LoginDetails = Type.Object(
  { loginStrategy: LoginStrategy, redirect: Type.Optional(Type.String()) },
  { $id: 'LoginDetails' },
);
export type LoginDetails = Static<typeof LoginDetails>;

export const LoginRequest = Type.Object(
  {
    accessKey: Type.String({ minLength: 1, maxLength: 1024 }),
    secretKey: Type.String({ minLength: 1, maxLength: 1024 }),
    /** The session token of temporary (STS) credentials, as MinIO's console takes it: used as
     *  they are, not traded for others. Operator mode's tenant proxy logs in this way. */
    sts: Type.Optional(Type.String({ minLength: 1, maxLength: 16384 })),
  },
  { $id: 'LoginRequest', additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

export const OperatorLoginRequest = Type.Object(
  { jwt: Type.String({ minLength: 1, maxLength: 16384 }) },
  { $id: 'OperatorLoginRequest', additionalProperties: false },
);
export type OperatorLoginRequest = Static<typeof OperatorLoginRequest>;

export const OAuth2CallbackRequest = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 4096 }),
    state: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { $id: 'OAuth2CallbackRequest', additionalProperties: false },
);
export type OAuth2CallbackRequest = Static<typeof OAuth2CallbackRequest>;

/**
 * Spec 000: the callback page stores `sessionId` under `token`. That value is the session's
 * CSRF token, as after a form login; the session itself rides in the HttpOnly cookie.
 */
export const OAuth2LoginResponse = Type.Object({ sessionId: Type.String() }, { $id: 'OAuth2LoginResponse' });
export type OAuth2LoginResponse = Static<typeof OAuth2LoginResponse>;

export const getLoginDetails = defineRoute({
  id: 'getLoginDetails',
  method: 'GET',
  path: '/login',
  summary: 'The login strategy the server offers',
  tag: 'auth',
  auth: false,
  responses: { 200: LoginDetails, 503: ApiErrorBody },
});

export const login = defineRoute({
  id: 'login',
  method: 'POST',
  path: '/login',
  summary: 'Log in with access and secret key; sets the session cookie',
  tag: 'auth',
  auth: false,
  body: LoginRequest,
  responses: { 204: null, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody, 503: ApiErrorBody },
});

export const loginOAuth2 = defineRoute({
  id: 'loginOAuth2',
  method: 'POST',
  path: '/login/oauth2/auth',
  summary: "Single sign-on callback: trade the provider's code for a session; sets the session cookie",
  tag: 'auth',
  auth: false,
  body: OAuth2CallbackRequest,
  responses: { 200: OAuth2LoginResponse, 400: ApiErrorBody, 401: ApiErrorBody, 503: ApiErrorBody },
});

export const loginOperator = defineRoute({
  id: 'loginOperator',
  method: 'POST',
  path: '/login/operator',
  summary: 'Operator mode: log in with a Kubernetes service-account token',
  tag: 'auth',
  auth: false,
  body: OperatorLoginRequest,
  responses: { 204: null, 400: ApiErrorBody, 401: ApiErrorBody },
});

export const logout = defineRoute({
  id: 'logout',
  method: 'POST',
  path: '/logout',
  summary: 'Revoke the session and clear its cookie',
  tag: 'auth',
  auth: true,
  responses: { 204: null, 401: ApiErrorBody },
});
