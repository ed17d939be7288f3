import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import type { Binder } from '../http/bind.js';
import { effectivePermissions } from '../services/policy-simulation/effective.js';
import { simulatePolicy } from '../services/policy-simulation/simulate.js';

// The policy simulator and effective permissions: documents are read with the session's own
// credentials, so a session that may not read users, groups or policies gets the server's 403.

export function registerPolicySimulationRoutes(bind: Binder, { gateway }: AppDeps): void {
  bind.authed(routes.simulatePolicy, ({ session, body }) =>
    simulatePolicy(gateway.admin(session.credentials), gateway.s3(session.credentials), body),
  );
  bind.authed(routes.getEffectivePermissions, ({ session, query }) =>
    effectivePermissions(gateway.admin(session.credentials), gateway.s3(session.credentials), query),
  );
}
