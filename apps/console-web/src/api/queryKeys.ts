import type { ConsoleAction, CreateTenantRequest } from '@stowage/contract';

// Every query key of the console in one place. Features invalidate each other's data (adding a
// user to a group refreshes both lists), so their keys live here rather than in features that
// would import each other. A key starts with its resource; an invalidation by a prefix reaches
// every query below it.

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

export const deploymentKeys = {
  all: ['deployments'] as const,
  list: () => [...deploymentKeys.all, 'list'] as const,
};

export const loginKeys = {
  all: ['login'] as const,
  details: () => [...loginKeys.all, 'details'] as const,
};

export const bucketKeys = {
  all: ['buckets'] as const,
  list: () => [...bucketKeys.all, 'list'] as const,
};

export const bucketDetailKeys = {
  bucket: (bucket: string) => [...bucketKeys.all, 'detail', bucket] as const,
  part: (bucket: string, part: string) => [...bucketDetailKeys.bucket(bucket), part] as const,
};

export const objectKeys = {
  bucket: (bucket: string) => [...bucketKeys.all, 'objects', bucket] as const,
  list: (bucket: string, prefix: string) => [...objectKeys.bucket(bucket), 'list', prefix] as const,
  rewind: (bucket: string, prefix: string, date: string) =>
    [...objectKeys.bucket(bucket), 'rewind', prefix, date] as const,
  object: (bucket: string, key: string) => [...objectKeys.bucket(bucket), 'object', key] as const,
  versions: (bucket: string, key: string) => [...objectKeys.object(bucket, key), 'versions'] as const,
};

export const shareLinkKeys = {
  all: ['share-links'] as const,
  page: (offset: number) => [...shareLinkKeys.all, 'page', offset] as const,
  drop: (id: string) => [...shareLinkKeys.all, 'drop', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (name: string) => [...userKeys.all, 'detail', name] as const,
};

export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  detail: (name: string) => [...groupKeys.all, 'detail', name] as const,
};

export const policyKeys = {
  all: ['policies'] as const,
  list: () => [...policyKeys.all, 'list'] as const,
  detail: (name: string) => [...policyKeys.all, 'detail', name] as const,
  users: (name: string) => [...policyKeys.detail(name), 'users'] as const,
  groups: (name: string) => [...policyKeys.detail(name), 'groups'] as const,
};

export const permissionKeys = {
  all: ['permissions'] as const,
  check: (action: ConsoleAction, bucket: string | undefined) =>
    [...permissionKeys.all, action, bucket ?? ''] as const,
};

export const serviceAccountKeys = {
  all: ['service-accounts'] as const,
  list: (owner: { kind: 'self' } | { kind: 'user'; user: string }) =>
    [...serviceAccountKeys.all, 'list', owner.kind === 'self' ? '' : owner.user] as const,
};

export const configKeys = {
  all: ['configs'] as const,
  detail: (id: string) => [...configKeys.all, 'detail', id] as const,
  targets: (subSys: string) => [...configKeys.all, 'targets', subSys] as const,
};

export const notificationEndpointKeys = {
  all: ['notification-endpoints'] as const,
  list: () => [...notificationEndpointKeys.all, 'list'] as const,
};

export const tierKeys = {
  all: ['tiers'] as const,
  list: () => [...tierKeys.all, 'list'] as const,
  names: () => [...tierKeys.all, 'names'] as const,
};

/** The ARNs of the notification targets, offered by a bucket's event and replication forms. */
export const arnKeys = { all: ['arns'] as const };

export const storageKeys = {
  all: ['storage'] as const,
  volumes: () => [...storageKeys.all, 'volumes'] as const,
  drives: () => [...storageKeys.all, 'drives'] as const,
};

export const logKeys = {
  all: ['logs'] as const,
  audit: (criteria: object, order: string, run: number) =>
    [...logKeys.all, 'audit', criteria, order, run] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  info: () => [...dashboardKeys.all, 'info'] as const,
  widgets: () => [...dashboardKeys.all, 'widget'] as const,
  widget: (id: number, range: { start: number; end: number }) =>
    [...dashboardKeys.widgets(), id, range.start, range.end] as const,
};

export const subscriptionKeys = { info: ['subscription', 'info'] as const };

export const tenantKeys = {
  all: ['tenants'] as const,
  list: () => [...tenantKeys.all, 'list'] as const,
  detail: (namespace: string, tenant: string) => [...tenantKeys.all, 'detail', namespace, tenant] as const,
  usage: (namespace: string, tenant: string) => [...tenantKeys.detail(namespace, tenant), 'usage'] as const,
  yaml: (namespace: string, tenant: string) => [...tenantKeys.detail(namespace, tenant), 'yaml'] as const,
  pods: (namespace: string, tenant: string) => [...tenantKeys.detail(namespace, tenant), 'pods'] as const,
  pvcs: (namespace: string, tenant: string) => [...tenantKeys.detail(namespace, tenant), 'pvcs'] as const,
  security: (namespace: string, tenant: string) =>
    [...tenantKeys.detail(namespace, tenant), 'security'] as const,
  namespacePermissions: (namespace: string) => ['namespace-permissions', namespace] as const,
};

/** Keys below the tenant's detail, so a change to the tenant refreshes them too. */
export const tenantTabKeys = {
  podLog: ({ namespace, tenant }: { namespace: string; tenant: string }, pod: string) =>
    [...tenantKeys.pods(namespace, tenant), pod, 'log'] as const,
  podEvents: ({ namespace, tenant }: { namespace: string; tenant: string }, pod: string) =>
    [...tenantKeys.pods(namespace, tenant), pod, 'events'] as const,
  quota: (namespace: string) => ['resource-quota', namespace] as const,
  allocatableMemory: (servers: number) => ['max-allocatable-memory', servers] as const,
};

export const wizardKeys = {
  all: ['tenant-wizard'] as const,
  namespaceTenants: (ns: string) => [...wizardKeys.all, 'namespace-tenants', ns] as const,
  quota: (ns: string) => [...wizardKeys.all, 'quota', ns] as const,
  nodeLabels: () => [...wizardKeys.all, 'node-labels'] as const,
  memory: (nodes: number) => [...wizardKeys.all, 'memory', nodes] as const,
  parity: (nodes: number, drives: number) => [...wizardKeys.all, 'parity', nodes, drives] as const,
  preview: (body: CreateTenantRequest) => [...wizardKeys.all, 'preview', body] as const,
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
};
