import { routes } from '@stowage/contract';
import type { KubeCluster } from '../clients/kube.js';
import { type Binder, noContent } from '../http/bind.js';
import { licenseReader } from '../services/subscription/license.js';
import { DEFAULT_SUBNET_SETTINGS, type SubnetSettings } from '../services/subscription/subnet-client.js';
import { deleteTenant, getTenantDetail, listTenants } from '../services/tenants/tenant-calls.js';
import { sessionKubeConfig } from '../session/kube-config.js';
import type { Session } from '../session/store.js';

/**
 * Operator mode's tenant list, detail and delete, bound only when the console talks to a
 * Kubernetes API server. Every call carries the session's own service-account token.
 */
export function registerTenantRoutes(
  bind: Binder,
  cluster: KubeCluster,
  subnet: SubnetSettings = DEFAULT_SUBNET_SETTINGS,
): void {
  const kube = (session: Session) => sessionKubeConfig(cluster, session);
  const readLicense = licenseReader(subnet.publicKeyPem);
  bind.authed(routes.listTenants, ({ session }) => listTenants(kube(session)));
  bind.authed(routes.listNamespaceTenants, ({ session, params }) =>
    listTenants(kube(session), params.namespace),
  );
  bind.authed(routes.getTenant, ({ session, params }) =>
    getTenantDetail(kube(session), params.namespace, params.tenant, readLicense),
  );
  bind.authed(routes.deleteTenant, ({ session, params, body }) =>
    noContent(deleteTenant(kube(session), params.namespace, params.tenant, body?.delete_pvcs === true)),
  );
}
