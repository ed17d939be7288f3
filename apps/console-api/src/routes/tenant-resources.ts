import { routes } from '@stowage/contract';
import type { KubeCluster } from '../clients/kube.js';
import { type Binder, noContent } from '../http/bind.js';
import {
  deleteTenantPod,
  listTenantPods,
  tenantPodEvents,
  tenantPodLog,
} from '../services/tenants/tenant-pods.js';
import { getTenantSecurity, updateTenantSecurity } from '../services/tenants/tenant-security.js';
import { listAllVolumeClaims, listTenantVolumeClaims } from '../services/tenants/tenant-volume-claims.js';
import { sessionKubeConfig } from '../session/kube-config.js';
import type { Session } from '../session/store.js';

/**
 * A tenant's Pods, Volumes and Security tabs and Storage › Volumes, bound only when the console
 * talks to a Kubernetes API server. Every call carries the session's own token.
 */
export function registerTenantResourceRoutes(bind: Binder, cluster: KubeCluster): void {
  const kube = (session: Session) => sessionKubeConfig(cluster, session);
  bind.authed(routes.listTenantPods, ({ session, params }) =>
    listTenantPods(kube(session), params.namespace, params.tenant),
  );
  bind.authed(routes.getTenantPodLog, ({ session, params }) =>
    tenantPodLog(kube(session), params.namespace, params.tenant, params.pod),
  );
  bind.authed(routes.listTenantPodEvents, ({ session, params }) =>
    tenantPodEvents(kube(session), params.namespace, params.tenant, params.pod),
  );
  bind.authed(routes.deleteTenantPod, ({ session, params }) =>
    noContent(deleteTenantPod(kube(session), params.namespace, params.tenant, params.pod)),
  );
  bind.authed(routes.listTenantVolumeClaims, ({ session, params }) =>
    listTenantVolumeClaims(kube(session), params.namespace, params.tenant),
  );
  bind.authed(routes.listVolumeClaims, ({ session }) => listAllVolumeClaims(kube(session)));
  bind.authed(routes.getTenantSecurity, ({ session, params }) =>
    getTenantSecurity(kube(session), params.namespace, params.tenant),
  );
  bind.authed(routes.updateTenantSecurity, ({ session, params, body }) =>
    noContent(updateTenantSecurity(kube(session), params.namespace, params.tenant, body)),
  );
}
