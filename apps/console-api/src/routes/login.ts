import { routes } from '@stowage/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../app.js';
import { fromStorageError } from '../clients/errors.js';
import type { Binder } from '../http/bind.js';
import { ApiError, tooManyLogins } from '../http/errors.js';
import { LOGIN_COOKIE, SESSION_COOKIE } from '../session/cookie.js';
import { formLogin, type NewSession, sessionFor } from '../session/form-login.js';
import { DEFAULT_THROTTLE, LoginThrottle } from '../session/login-throttle.js';
import { browserBinding, OpenIdLogin, PENDING_TTL_MS } from '../session/openid-login.js';
import { operatorLogin } from '../session/operator-login.js';
import type { Session } from '../session/store.js';

/**
 * Stores a new session and hands its id to the browser in the session cookie. The session the
 * browser came with, if any, ends: a login never leaves an older session of that cookie alive.
 */
export function beginSession(
  { config, sessions, cookies }: RouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: NewSession,
): Session {
  sessions.revoke(cookies.read(request, SESSION_COOKIE));
  const { id, session } = sessions.create(input);
  cookies.set(request, reply, SESSION_COOKIE, id, config.sessionAbsoluteSeconds);
  return session;
}

/** The throttle's name for service-account logins. */
const OPERATOR_LOGIN = 'service-account';

export function registerLoginRoutes(bind: Binder, deps: RouteDeps): void {
  const { config, gateway, sessions, cookies } = deps;
  const throttle = new LoginThrottle({ ...DEFAULT_THROTTLE, ...config.loginThrottle }, config.rootAccessKey);

  const openId = config.openId ? new OpenIdLogin(config.openId) : undefined;
  const asLoginError = (err: unknown) => {
    throw fromStorageError(err, 'login'); // our own ApiErrors pass through unchanged
  };

  const operator = config.operator;
  bind.open(routes.getLoginDetails, async ({ request, reply }) => {
    if (operator) return { loginStrategy: 'service-account' as const };
    if (!openId) return { loginStrategy: 'form' as const };
    const browser = browserBinding(cookies.read(request, LOGIN_COOKIE));
    const redirect = await openId.authorizeUrl(browser, request.ip);
    cookies.set(request, reply, LOGIN_COOKIE, browser, PENDING_TTL_MS / 1000);
    return { loginStrategy: 'redirect' as const, redirect };
  });

  // A directory compares user names ignoring case and extra spaces: so does the count, or
  // 'Ada' and 'ada ' would be fresh names to guess under.
  const countedName = (name: string) => (config.ldap ? name.trim().replace(/\s+/g, ' ').toLowerCase() : name);

  bind.open(routes.login, async ({ body, request, reply }) => {
    if (operator)
      throw new ApiError(
        'badRequest',
        'this console is in operator mode: log in with a service-account token',
      );
    const user = countedName(body.accessKey);
    const wait = throttle.waitFor(request.ip, user);
    if (wait > 0) throw tooManyLogins(Math.ceil(wait / 1000));
    const input = await formLogin(gateway, body, {
      durationSeconds: config.stsDurationSeconds,
      ldap: config.ldap,
      client: request.ip,
    }).catch((err: unknown) => {
      const error = fromStorageError(err, 'login');
      if (error.code === 'invalidLogin') {
        throttle.recordFailure(request.ip, user);
        // Who and from where, never what was typed as the password.
        request.log.warn({ address: request.ip, user: body.accessKey }, 'console login failed');
      }
      throw error;
    });
    throttle.recordSuccess(user);
    beginSession(deps, request, reply, input);
    return undefined;
  });

  bind.open(routes.loginOAuth2, async ({ body, request, reply }) => {
    if (!openId) throw new ApiError('badRequest', 'single sign-on is not configured on this console');
    const input = await openId
      .idToken(body.code, body.state, cookies.read(request, LOGIN_COOKIE))
      .then((token) => gateway.assumeRoleWithWebIdentity(token, config.stsDurationSeconds, request.ip))
      .then((credentials) => sessionFor(gateway, credentials, 'openid'))
      .catch(asLoginError);
    cookies.clear(request, reply, LOGIN_COOKIE);
    return { sessionId: beginSession(deps, request, reply, input).csrfToken };
  });

  // A console-mode server has no cluster to check a token against: the call refuses there.
  bind.open(routes.loginOperator, async ({ body, request, reply }) => {
    if (!operator) throw new ApiError('invalidLogin', 'operator login is available only in operator mode');
    // A token names no user before the API server reads it: its failures count per address
    // (a shared name would let anyone lock every operator out).
    const name = `${OPERATOR_LOGIN}@${request.ip}`;
    const wait = throttle.waitFor(request.ip, name);
    if (wait > 0) throw tooManyLogins(Math.ceil(wait / 1000));
    const input = await operatorLogin(operator.cluster, body.jwt).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 'invalidLogin') {
        throttle.recordFailure(request.ip, name);
        request.log.warn({ address: request.ip }, 'operator login failed');
      }
      throw err;
    });
    throttle.recordSuccess(name);
    beginSession(deps, request, reply, input);
    return undefined;
  });

  bind.authed(routes.logout, async ({ sessionId, request, reply }) => {
    sessions.revoke(sessionId);
    cookies.clear(request, reply, SESSION_COOKIE);
    return undefined;
  });
}
