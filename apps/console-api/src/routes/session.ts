import { allowedPages, CONSOLE_PAGES, routes } from '@stowage/contract';
import type { Binder } from '../http/bind.js';
import { hasPermission } from '../session/has-permission.js';

export function registerSessionRoutes(bind: Binder): void {
  bind.authed(routes.getSession, async ({ session }) => ({
    status: 'ok' as const,
    operator: false,
    distributedMode: session.distributedMode,
    pages: allowedPages(CONSOLE_PAGES, session.grants),
    features: [],
    csrfToken: session.csrfToken,
    accessKey: session.accountAccessKey,
  }));

  bind.authed(routes.hasPermission, async ({ session, body }) => ({
    permissions: body.actions.map((a) => ({
      id: a.id,
      can: hasPermission(session.rules, a.action, a.bucket_name),
    })),
  }));
}
