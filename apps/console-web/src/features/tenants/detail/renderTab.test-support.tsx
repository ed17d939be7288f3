import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../../api/queryClient.js';
import { Providers } from '../../../app/providers.js';

export const NS = 'tenant-ns';
export const TENANT = 'tenant-a';
export const BASE = `/api/v1/namespaces/${NS}/tenants/${TENANT}`;
export const TENANT_PATH = `/namespaces/${NS}/tenants/${TENANT}`;

/** A Tenant as GET …/yaml gives it: one pool of `servers` servers, at `resourceVersion`. */
export const tenantYamlAt = (
  resourceVersion: string,
  servers: number | string = 4,
) => `apiVersion: minio.min.io/v2
kind: Tenant
metadata:
  name: ${TENANT}
  namespace: ${NS}
  resourceVersion: "${resourceVersion}"
spec:
  pools:
    - name: pool-0
      servers: ${servers}
      volumesPerServer: 1
      volumeClaimTemplate:
        spec:
          resources:
            requests:
              storage: 10Gi
`;

/** The RBAC answer for the tenant's namespace: everything allowed, or read-only. */
export const rights = (readOnly = false) => ({
  body: {
    readOnly,
    createTenant: !readOnly,
    updateTenant: !readOnly,
    deleteTenant: !readOnly,
    createNamespace: !readOnly,
    deletePod: !readOnly,
    formatDrives: !readOnly,
  },
});
export const RIGHTS_ROUTE = `GET /api/v1/namespaces/${NS}/permissions`;

/** One tab at `path` below the tenant route, with the app's providers and a router. */
export function renderTab(ui: ReactElement, path = '') {
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[`${TENANT_PATH}${path}`]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, user };
}

/** jsdom lays nothing out: CodeMirror measures text ranges, so give it empty ones. */
export function stubTextLayout() {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}
