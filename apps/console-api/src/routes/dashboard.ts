import { CONSOLE_PAGES, isPageAllowed, routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import type { Binder } from '../http/bind.js';
import { ApiError } from '../http/errors.js';
import { Dashboard } from '../services/dashboard/index.js';
import type { Session } from '../session/store.js';

/**
 * Prometheus answers whoever asks, so the console checks the dashboard page's rule itself
 * before showing its data; the storage server still judges the status call on its own.
 */
function requireDashboard(session: Session): void {
  if (!isPageAllowed(CONSOLE_PAGES['/dashboard']!, session.grants))
    throw new ApiError('forbidden', 'the dashboard needs admin:ServerInfo');
}

/** The dashboard; returns the instance so that the app stops its recorder on close. */
export function registerDashboardRoutes(bind: Binder, { config, gateway }: AppDeps): Dashboard {
  const dashboard = new Dashboard({
    serverUrl: config.serverUrl,
    prometheus: config.prometheusUrl ? { url: config.prometheusUrl, job: config.prometheusJobId } : undefined,
  });
  bind.authed(routes.getAdminInfo, ({ session, query }) => {
    requireDashboard(session);
    return dashboard.adminInfo(gateway.admin(session.credentials), query);
  });
  bind.authed(routes.getWidget, ({ session, params, query }) => {
    requireDashboard(session);
    return dashboard.widget(params.widgetId, session, query);
  });
  return dashboard;
}
