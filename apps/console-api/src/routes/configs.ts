import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import type { Binder } from '../http/bind.js';
import * as configs from '../services/configs.js';

export function registerConfigRoutes(bind: Binder, { gateway }: AppDeps): void {
  bind.authed(routes.getConfig, ({ session, params }) =>
    configs.getConfig(gateway.admin(session.credentials), params.configId),
  );
  bind.authed(routes.setConfig, ({ session, params, body }) =>
    configs.setConfig(gateway.admin(session.credentials), params.configId, body),
  );
  bind.authed(routes.restartService, async ({ session }) => {
    await configs.restartServer(gateway.admin(session.credentials));
    return undefined;
  });
}
