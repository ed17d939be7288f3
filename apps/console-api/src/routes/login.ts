import { routes } from '@stowage/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../app.js';
import { fromStorageError } from '../clients/errors.js';
import type { Binder } from '../http/bind.js';
import { ApiError } from '../http/errors.js';
import { clearSessionCookie, setSessionCookie } from '../session/cookie.js';
import { formLogin, type NewSession } from '../session/form-login.js';

/** Stores a new session and hands its id to the browser in the session cookie. */
export function beginSession({ config, sessions }: AppDeps, reply: FastifyReply, input: NewSession): void {
  const { id } = sessions.create(input);
  setSessionCookie(reply, id, {
    basePath: config.basePath,
    secure: config.secureCookies,
    maxAgeSeconds: config.sessionAbsoluteSeconds,
  });
}

export function registerLoginRoutes(bind: Binder, deps: AppDeps): void {
  const { config, gateway, sessions } = deps;
  const cookie = { basePath: config.basePath, secure: config.secureCookies };

  bind.open(routes.getLoginDetails, async () => ({ loginStrategy: 'form' as const }));

  bind.open(routes.login, async ({ body, reply }) => {
    const input = await formLogin(gateway, body, config.stsDurationSeconds).catch((err: unknown) => {
      throw fromStorageError(err, 'login');
    });
    beginSession(deps, reply, input);
    return undefined;
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
