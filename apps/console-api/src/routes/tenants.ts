import { routes } from '@stowage/contract';
import type { OperatorConfig } from '../config.js';
import { type Binder, noContent } from '../http/bind.js';
import { licenseReader } from '../services/subscription/license.js';
import { DEFAULT_SUBNET_SETTINGS } from '../services/subscription/subnet-client.js';
import { deleteTenant, getTenantDetail, listTenants } from '../services/tenants/tenant-calls.js';
import { createTenant, DEFAULT_MINIO_IMAGE } from '../services/tenants/tenant-create.js';
import { previewTenant } from '../services/tenants/tenant-preview.js';
import { DEFAULT_ADDRESSING } from '../services/tenants/tenant-reach.js';
import { addPool, getYaml, replacePools, saveYaml, updateImage } from '../services/tenants/tenant-update.js';
import { getTenantUsage } from '../services/tenants/tenant-usage.js';
import { sessionKubeConfig } from '../session/kube-config.js';
import type { Session } from '../session/store.js';

/**
 * Operator mode's tenant routes, bound only when the console talks to a Kubernetes API server.
 * Every call carries the session's own service-account token.
 */
export function registerTenantRoutes(bind: Binder, operator: OperatorConfig): void {
  const { cluster } = operator;
  const kube = (session: Session) => sessionKubeConfig(cluster, session);
  const defaultImage = operator.minioImage ?? DEFAULT_MINIO_IMAGE;
  const reach = {
    addressing: operator.services ?? DEFAULT_ADDRESSING,
    ...(cluster.caPem ? { caPem: cluster.caPem } : {}),
  };
  const readLicense = licenseReader((operator.subnet ?? DEFAULT_SUBNET_SETTINGS).publicKeyPem);
  bind.authed(routes.listTenants, ({ session }) => listTenants(kube(session)));
  bind.authed(routes.listNamespaceTenants, ({ session, params }) =>
    listTenants(kube(session), params.namespace),
  );
  bind.authed(routes.createTenant, ({ session, body }) =>
    createTenant(kube(session), body, { defaultImage, consoleNamespace: cluster.namespace }),
  );
  // Pure: the session's own rights decide only the real create.
  bind.authed(routes.previewTenant, async ({ body }) => previewTenant(body, defaultImage));
  bind.authed(routes.getTenant, ({ session, params }) =>
    getTenantDetail(kube(session), params.namespace, params.tenant, readLicense),
  );
  bind.authed(routes.deleteTenant, ({ session, params, body }) =>
    noContent(deleteTenant(kube(session), params.namespace, params.tenant, body?.delete_pvcs === true)),
  );
  bind.authed(routes.updateTenantImage, ({ session, params, body }) =>
    noContent(updateImage(kube(session), params.namespace, params.tenant, body, defaultImage)),
  );
  bind.authed(routes.getTenantYaml, ({ session, params }) =>
    getYaml(kube(session), params.namespace, params.tenant),
  );
  bind.authed(routes.putTenantYaml, ({ session, params, body }) =>
    noContent(saveYaml(kube(session), params.namespace, params.tenant, body.yaml)),
  );
  bind.authed(routes.addTenantPool, ({ session, params, body }) =>
    noContent(addPool(kube(session), params.namespace, params.tenant, body)),
  );
  bind.authed(routes.replaceTenantPools, ({ session, params, body }) =>
    replacePools(kube(session), params.namespace, params.tenant, body.pools),
  );
  bind.authed(routes.getTenantUsage, ({ session, params }) =>
    getTenantUsage(kube(session), params.namespace, params.tenant, reach),
  );
}
