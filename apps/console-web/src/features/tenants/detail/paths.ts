import type { TenantRef } from './queries.js';

/** The tenant detail's own route (spec 002 §2.4); its tabs are segments below it. */
export const tenantPath = ({ namespace, tenant }: TenantRef) =>
  `/namespaces/${encodeURIComponent(namespace)}/tenants/${encodeURIComponent(tenant)}`;
