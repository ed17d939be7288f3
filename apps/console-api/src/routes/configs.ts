import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { adminFor } from '../clients/storage.js';
import { type Binder, noContent } from '../http/bind.js';
import * as configs from '../services/configs.js';
import * as notifications from '../services/notification-endpoints.js';
import * as tiers from '../services/tiers.js';

// Settings: configuration sub-systems, remote tiers, event notification targets, restart.

export function registerConfigRoutes(bind: Binder, { gateway }: AppDeps): void {
  const admin = adminFor(gateway);
  bind.authed(routes.getConfig, ({ session, params }) =>
    configs.getConfig(gateway.admin(session.credentials), params.configId),
  );
  bind.authed(routes.listConfigTargets, ({ session, params }) =>
    configs.listConfigTargets(gateway.admin(session.credentials), params.subSys),
  );
  bind.authed(routes.setConfig, ({ session, params, body }) =>
    configs.setConfig(gateway.admin(session.credentials), params.configId, body),
  );
  bind.authed(routes.listTiers, ({ session }) => tiers.listTiers(admin(session)));
  bind.authed(routes.getTier, ({ session, params }) =>
    tiers.getTier(admin(session), params.type, params.name),
  );
  bind.authed(routes.addTier, ({ session, body }) => noContent(tiers.addTier(admin(session), body)));
  bind.authed(routes.editTierCredentials, ({ session, params, body }) =>
    noContent(tiers.editTierCredentials(admin(session), params.type, params.name, body)),
  );
  bind.authed(routes.listNotificationEndpoints, ({ session }) =>
    notifications.listNotificationEndpoints(admin(session)),
  );
  bind.authed(routes.addNotificationEndpoint, ({ session, body }) =>
    notifications.addNotificationEndpoint(admin(session), body),
  );
  bind.authed(routes.deleteNotificationEndpoint, ({ session, params }) =>
    notifications.deleteNotificationEndpoint(admin(session), params.service, params.account_id),
  );
  bind.authed(routes.restartService, async ({ session }) => {
    await configs.restartServer(gateway.admin(session.credentials));
    return undefined;
  });
}
