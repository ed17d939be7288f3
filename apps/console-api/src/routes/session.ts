import { allowedPages, CONSOLE_PAGES, LDAP_HIDDEN_PAGES, OPERATOR_PAGES, routes } from '@stowage/contract';
import type { Binder } from '../http/bind.js';
import { hasPermission } from '../session/has-permission.js';
import type { Identity } from '../session/store.js';

/** Pages that make no sense for an identity kept outside the server's own users. */
export function hiddenPagesFor(identity: Identity): string[] {
  if (identity === 'builtin' || identity === 'kubernetes') return [];
  const password = ['/account/change-password'];
  return identity === 'ldap' ? [...LDAP_HIDDEN_PAGES, ...password] : password;
}

export function registerSessionRoutes(bind: Binder, { features }: { features: string[] }): void {
  bind.authed(routes.getSession, async ({ session }) => ({
    status: 'ok' as const,
    operator: session.kube !== undefined,
    distributedMode: session.distributedMode,
    pages: session.kube
      ? allowedPages(OPERATOR_PAGES, session.grants)
      : allowedPages(CONSOLE_PAGES, session.grants, hiddenPagesFor(session.identity)),
    features,
    csrfToken: session.csrfToken,
    accessKey: session.accountAccessKey,
    ...(session.kube ? { operatorPermissions: session.kube.permissions } : {}),
  }));

  bind.authed(routes.hasPermission, async ({ session, body }) => ({
    permissions: body.actions.map((a) => ({
      id: a.id,
      can: hasPermission(session.rules, a.action, a.bucket_name),
    })),
  }));
}
