import { routes } from '@stowage/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../app.js';
import { fromStorageError } from '../clients/errors.js';
import type { Binder } from '../http/bind.js';
import { ApiError } from '../http/errors.js';
import { clearSessionCookie, setSessionCookie } from '../session/cookie.js';
import { formLogin, type NewSession, sessionFor } from '../session/form-login.js';
import { OpenIdLogin } from '../session/openid-login.js';
import type { Session } from '../session/store.js';

/** Stores a new session and hands its id to the browser in the session cookie. */
export function beginSession({ config, sessions }: AppDeps, reply: FastifyReply, input: NewSession): Session {
  const { id, session } = sessions.create(input);
  setSessionCookie(reply, id, {
    basePath: config.basePath,
    secure: config.secureCookies,
    maxAgeSeconds: config.sessionAbsoluteSeconds,
  });
  return session;
}

export function registerLoginRoutes(bind: Binder, deps: AppDeps): void {
  const { config, gateway, sessions } = deps;
  const cookie = { basePath: config.basePath, secure: config.secureCookies };

  const openId = config.openId ? new OpenIdLogin(config.openId) : undefined;
  const asLoginError = (err: unknown) => {
    throw fromStorageError(err, 'login'); // our own ApiErrors pass through unchanged
  };

  bind.open(routes.getLoginDetails, async () =>
    openId
      ? { loginStrategy: 'redirect' as const, redirect: await openId.authorizeUrl() }
      : { loginStrategy: 'form' as const },
  );

  bind.open(routes.login, async ({ body, reply }) => {
    const input = await formLogin(gateway, body, {
      durationSeconds: config.stsDurationSeconds,
      ldap: config.ldap,
    }).catch(asLoginError);
    beginSession(deps, reply, input);
    return undefined;
  });

  bind.open(routes.loginOAuth2, async ({ body, reply }) => {
    if (!openId) throw new ApiError('badRequest', 'single sign-on is not configured on this console');
    const input = await openId
      .idToken(body.code, body.state)
      .then((token) => gateway.assumeRoleWithWebIdentity(token, config.stsDurationSeconds))
      .then((credentials) => sessionFor(gateway, credentials, 'openid'))
      .catch(asLoginError);
    return { sessionId: beginSession(deps, reply, input).csrfToken };
  });

  // Operator mode (Kubernetes tokens) comes with the operator issue; a console-mode server has
  // no cluster to check a token against, so the call exists and refuses, as the original did.
  bind.open(routes.loginOperator, async () => {
    throw new ApiError('invalidLogin', 'operator login is available only in operator mode');
  });

  bind.authed(routes.logout, async ({ sessionId, reply }) => {
    sessions.revoke(sessionId);
    clearSessionCookie(reply, cookie);
    return undefined;
  });
}
