import * as buckets from './buckets.js';
import * as login from './login.js';
import * as session from './session.js';

export * from './buckets.js';
export * from './login.js';
export * from './session.js';

/** Every console API route, in a stable order (openapi.json follows it). */
export const routes = {
  getLoginDetails: login.getLoginDetails,
  login: login.login,
  loginOperator: login.loginOperator,
  logout: login.logout,
  getSession: session.getSession,
  listBuckets: buckets.listBuckets,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
