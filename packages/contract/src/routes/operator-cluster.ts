import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { OperatorPermissions } from './session.js';

// Operator mode's cluster helpers for the Create Tenant wizard (spec 002 §2.5, §7; operator.md
// §2): make a namespace, the node labels for pod placement, the storage classes and their quota.

export const CreateNamespaceRequest = Type.Object(
  { name: Type.String({ maxLength: 253, description: 'The namespace to create' }) },
  { $id: 'CreateNamespaceRequest', additionalProperties: false },
);
export type CreateNamespaceRequest = Static<typeof CreateNamespaceRequest>;

/** Every node label key → its distinct values across the cluster's nodes. */
export const NodeLabels = Type.Record(Type.String(), Type.Array(Type.String()), { $id: 'NodeLabels' });
export type NodeLabels = Static<typeof NodeLabels>;

export const ResourceQuotaParams = Type.Object(
  {
    namespace: Type.String({ maxLength: 253 }),
    resourcequota: Type.String({ maxLength: 253, description: '`{namespace}-storagequota`' }),
  },
  { $id: 'ResourceQuotaParams', additionalProperties: false },
);
export type ResourceQuotaParams = Static<typeof ResourceQuotaParams>;

export const ResourceQuotaElement = Type.Object(
  {
    /** `{class}.storageclass.storage.k8s.io/requests.storage` for a storage class. */
    name: Type.String(),
    /** Bytes (or the resource's unit); 2^63−1 when the namespace has no quota. */
    hard: Type.Integer(),
    used: Type.Integer(),
  },
  { $id: 'ResourceQuotaElement' },
);
export type ResourceQuotaElement = Static<typeof ResourceQuotaElement>;

export const ResourceQuota = Type.Object(
  { name: Type.String(), elements: Type.Array(ResourceQuotaElement) },
  { $id: 'ResourceQuota' },
);
export type ResourceQuota = Static<typeof ResourceQuota>;

export const createNamespace = defineRoute({
  id: 'createNamespace',
  method: 'POST',
  path: '/namespace',
  summary: 'Create a namespace for a new tenant; 409 when it exists',
  tag: 'operator',
  auth: true,
  body: CreateNamespaceRequest,
  responses: { 201: null, ...CALL_ERRORS, 409: ApiErrorBody },
});

export const getNodeLabels = defineRoute({
  id: 'getNodeLabels',
  method: 'GET',
  path: '/nodes/labels',
  summary: 'The labels of the cluster’s nodes and their distinct values (pod placement)',
  tag: 'operator',
  auth: true,
  responses: { 200: NodeLabels, ...CALL_ERRORS },
});

export const getResourceQuota = defineRoute({
  id: 'getResourceQuota',
  method: 'GET',
  path: '/namespaces/:namespace/resourcequotas/:resourcequota',
  summary:
    'A namespace’s storage quota, or every storage class without a limit when it has none; 404 when the namespace is missing',
  tag: 'operator',
  auth: true,
  params: ResourceQuotaParams,
  responses: { 200: ResourceQuota, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const NamespacePermissionsParams = Type.Object(
  { namespace: Type.String({ maxLength: 253 }) },
  { $id: 'NamespacePermissionsParams', additionalProperties: false },
);

export const getNamespacePermissions = defineRoute({
  id: 'getNamespacePermissions',
  method: 'GET',
  path: '/namespaces/:namespace/permissions',
  summary:
    'What the session may change in one namespace (RBAC there), so tenant pages enable the controls a namespace-scoped role allows',
  tag: 'operator',
  auth: true,
  params: NamespacePermissionsParams,
  responses: { 200: OperatorPermissions, ...CALL_ERRORS },
});
