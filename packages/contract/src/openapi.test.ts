import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { openApiDocument, openApiText } from './openapi-document.js';
import { routeIndexText } from './route-index.js';

describe('route-index.generated.ts', () => {
  test('the committed file matches the contract (run `npm run openapi` after changing a route)', () => {
    const committed = readFileSync(new URL('./route-index.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(routeIndexText());
  });
});

describe('openapi.json', () => {
  test('the committed file matches the contract (run `npm run openapi` after changing a route)', () => {
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(openApiText());
  });

  test('every route is documented with its method, cookie security and named schemas', () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).toEqual([
      '/api/v1/login',
      '/api/v1/login/operator',
      '/api/v1/login/oauth2/auth',
      '/api/v1/logout',
      '/api/v1/session',
      '/api/v1/deployments',
      '/api/v1/has-permission',
      '/api/v1/buckets',
      '/api/v1/buckets/{bucket}',
      '/api/v1/buckets/{bucket}/versioning',
      '/api/v1/buckets/{bucket}/quota',
      '/api/v1/buckets/{bucket}/object-locking',
      '/api/v1/buckets/{bucket}/retention',
      '/api/v1/buckets/{bucket}/encryption/info',
      '/api/v1/buckets/{bucket}/encryption/enable',
      '/api/v1/buckets/{bucket}/encryption/disable',
      '/api/v1/bucket-users/{bucket}',
      '/api/v1/bucket-policy/{bucket}',
      '/api/v1/buckets/{bucket}/set-policy',
      '/api/v1/bucket/{bucket}/access-rules',
      '/api/v1/buckets/{bucket}/events',
      '/api/v1/buckets/{bucket}/events/{arn}',
      '/api/v1/admin/arns',
      '/api/v1/admin/tiers',
      '/api/v1/admin/tiers/{type}/{name}',
      '/api/v1/admin/tiers/{type}/{name}/credentials',
      '/api/v1/logs/search',
      '/api/v1/audit/ingest',
      '/api/v1/admin/notification_endpoints',
      '/api/v1/admin/notification_endpoints/{service}/{account_id}',
      '/api/v1/buckets/{bucket}/lifecycle',
      '/api/v1/buckets/{bucket}/lifecycle/{id}',
      '/api/v1/list-external-buckets',
      '/api/v1/buckets-replication',
      '/api/v1/buckets/{bucket}/replication',
      '/api/v1/buckets/{bucket}/replication/metrics',
      '/api/v1/buckets/{bucket}/replication/{ruleId}',
      '/api/v1/buckets/{bucket}/objects',
      '/api/v1/buckets/{bucket}/rewind/{date}',
      '/api/v1/buckets/{bucket}/objects/upload',
      '/api/v1/buckets/{bucket}/objects/download',
      '/api/v1/buckets/{bucket}/objects/download-url',
      '/api/v1/buckets/{bucket}/objects/share',
      '/api/v1/share-links',
      '/api/v1/share-links/{id}',
      '/api/v1/share-links/drop',
      '/api/v1/share/{id}',
      '/api/v1/drop/{id}',
      '/api/v1/drop/{id}/uploads',
      '/api/v1/buckets/{bucket}/delete-objects',
      '/api/v1/buckets/{bucket}/objects/tags',
      '/api/v1/buckets/{bucket}/objects/retention',
      '/api/v1/buckets/{bucket}/objects/legalhold',
      '/api/v1/buckets/{bucket}/objects/download-selection',
      '/api/v1/buckets/{bucket}/objects/download-selection/{token}',
      '/api/v1/uploads/settings',
      '/api/v1/buckets/{bucket}/uploads',
      '/api/v1/buckets/{bucket}/uploads/sign',
      '/api/v1/buckets/{bucket}/uploads/put-url',
      '/api/v1/buckets/{bucket}/uploads/parts',
      '/api/v1/buckets/{bucket}/uploads/complete',
      '/api/v1/admin/info',
      '/api/v1/admin/info/widgets/{widgetId}',
      '/api/v1/users',
      '/api/v1/user',
      '/api/v1/users-groups-bulk',
      '/api/v1/groups',
      '/api/v1/group',
      '/api/v1/policies',
      '/api/v1/set-policy',
      '/api/v1/policy',
      '/api/v1/policies/{name}/users',
      '/api/v1/policies/{name}/groups',
      '/api/v1/policies/simulate',
      '/api/v1/policies/effective',
      '/api/v1/service-accounts',
      '/api/v1/service-account-credentials',
      '/api/v1/service-accounts/{serviceAccount}',
      '/api/v1/user/{user}/service-accounts',
      '/api/v1/user/{user}/service-account-credentials',
      '/api/v1/account/change-password',
      '/api/v1/account/change-user-password',
      '/api/v1/configs/{configId}',
      '/api/v1/configs/{subSys}/targets',
      '/api/v1/service/restart',
      '/api/v1/subscription/info',
      '/api/v1/subscription/validate',
      '/api/v1/subscription/refresh',
      '/api/v1/subscription/namespaces/{namespace}/tenants/{tenant}/activate',
      '/api/v1/get-parity/{nodes}/{disksPerNode}',
      '/api/v1/cluster/max-allocatable-memory',
      '/api/v1/namespace',
      '/api/v1/nodes/labels',
      '/api/v1/namespaces/{namespace}/resourcequotas/{resourcequota}',
      '/api/v1/namespaces/{namespace}/permissions',
      '/api/v1/tenants',
      '/api/v1/namespaces/{namespace}/tenants',
      '/api/v1/tenants/preview',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/yaml',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/usage',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/pools',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/pods',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/pods/{pod}',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/pods/{pod}/events',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/pvcs',
      '/api/v1/list-pvcs',
      '/api/v1/namespaces/{namespace}/tenants/{tenant}/security',
      '/api/v1/direct-csi/drives',
      '/api/v1/direct-csi/volumes',
      '/api/v1/direct-csi/drives/format',
      '/api/v1/jobs/dry-run',
      '/api/v1/jobs',
      '/api/v1/jobs/{id}',
      '/api/v1/jobs/{id}/pause',
      '/api/v1/jobs/{id}/resume',
      '/api/v1/jobs/{id}/cancel',
      '/api/v1/jobs/{id}/retry',
      '/api/v1/jobs/{id}/undo',
      '/api/v1/jobs/{id}/report',
    ]);
    expect(doc.paths['/api/v1/login']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/v1/session']?.get?.security).toEqual([{ session: [] }]);
    expect(Object.keys(doc.components.schemas)).toContain('ApiError');
    expect(Object.keys(doc.components.schemas)).toContain('ListBucketsResponse');
    expect(Object.keys(doc.components.schemas)).toContain('CreateTenantRequest');
    const download = doc.paths['/api/v1/buckets/{bucket}/objects/download']?.get as {
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(download.responses['200']?.content ?? {})).toEqual(['application/octet-stream']);
    const upload = doc.paths['/api/v1/buckets/{bucket}/objects/upload']?.post as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
