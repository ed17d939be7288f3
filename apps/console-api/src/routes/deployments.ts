import { routes } from '@stowage/contract';
import type { DeploymentDirectory } from '../deployments/directory.js';
import type { Binder } from '../http/bind.js';

/** The switcher's list; empty for a console with one deployment. Open: the login page shows it too. */
export function registerDeploymentRoutes(
  bind: Binder,
  directory: DeploymentDirectory | undefined,
  currentId: string | undefined,
): void {
  bind.open(routes.listDeployments, async ({ request }) => ({
    deployments: directory && currentId ? directory.summaries(request, currentId) : [],
  }));
}
