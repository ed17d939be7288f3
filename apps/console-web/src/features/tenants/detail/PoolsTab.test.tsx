import type { TenantDetail } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { tableTexts } from '../../../test/tableText.js';
import { tenantDetail } from '../tenantFixtures.js';
import { checkExpandPool, EXPAND_DEFAULTS } from './expandPool.js';
import { PoolsTab } from './PoolsTab.js';
import { BASE, NS, RIGHTS_ROUTE, renderTab, rights, TENANT } from './renderTab.test-support.js';

const GIB = 1024 ** 3;
const detail: TenantDetail = tenantDetail(TENANT, {
  namespace: NS,
  pools: [
    {
      name: 'pool-0',
      servers: 4,
      volumes_per_server: 2,
      volume_configuration: { size: 100 * GIB, storage_class_name: 'standard' },
      resources: { requests: { memory: 2 * GIB } },
      capacity: 800 * GIB,
      volumes: 8,
    },
  ],
});

function mockPools(readOnly = false) {
  return mockApi({
    [RIGHTS_ROUTE]: rights(readOnly),
    [`GET ${BASE}`]: { body: detail },
    [`POST ${BASE}/pools`]: { status: 204 },
    [`GET /api/v1/namespaces/${NS}/resourcequotas/${NS}-storagequota`]: {
      body: {
        name: `${NS}-storagequota`,
        elements: [
          { name: 'standard.storageclass.storage.k8s.io/requests.storage', hard: 10 * 1024 * GIB, used: 0 },
          { name: 'fast.storageclass.storage.k8s.io/requests.storage', hard: 50 * GIB, used: 0 },
        ],
      },
    },
    'GET /api/v1/cluster/max-allocatable-memory': { body: { max_memory: 16 * GIB } },
  });
}

describe('Pools tab', () => {
  it('lists the pools', async () => {
    mockPools();
    renderTab(<PoolsTab namespace={NS} tenant={TENANT} />, '/pools');
    const { header, rows } = await tableTexts(() => screen.getByRole('table', { name: 'Pools' }), 1);
    expect(header).toEqual([
      'Name',
      'Servers',
      'Drives per Server',
      'Volume Size',
      'Capacity',
      'Storage Class',
      'Memory',
    ]);
    expect(rows[0]).toEqual(['pool-0', '4', '2', '100 GiB', '800 GiB', 'standard', '2.0 GiB']);
  });

  it('Expand Tenant checks the new pool and posts it', async () => {
    const api = mockPools();
    const { user } = renderTab(<PoolsTab namespace={NS} tenant={TENANT} />, '/pools');
    await user.click(await screen.findByRole('button', { name: 'Expand Tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expand Tenant' });
    expect(within(dialog).getByLabelText('Pool Name')).toHaveAttribute('placeholder', 'pool-1');
    // The first storage class is chosen, so the size fields open.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Storage Class/ })).toHaveValue('standard'),
    );
    const drives = within(dialog).getByRole('textbox', { name: /^Drives per Server/ });
    await user.clear(drives);
    await user.type(drives, '4');
    const preview = within(dialog).getByRole('group', { name: 'New pool' });
    await waitFor(() => expect(within(preview).getByText('Drives: 16')).toBeInTheDocument());
    expect(within(preview).getByText('Raw Capacity: 1.6 TiB')).toBeInTheDocument();
    expect(within(preview).getByText(/^Usable Capacity \(EC:\d\)/)).toBeInTheDocument();
    const memory = within(dialog).getByRole('textbox', { name: /^Memory per Node/ });
    await user.clear(memory);
    await user.type(memory, '1');
    expect(within(dialog).getByText('Memory size must be greater than 2Gi')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(memory);
    await user.type(memory, '4');
    await user.type(within(dialog).getByLabelText('Pool Name'), 'pool-big');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/pools`)).toHaveLength(1));
    expect(api.callsTo(`POST ${BASE}/pools`)[0]?.body).toEqual({
      name: 'pool-big',
      servers: 4,
      volumes_per_server: 4,
      volume_configuration: { size: 100 * GIB, storage_class_name: 'standard' },
      // 1.6 TiB of pool: the limit floor is 8 GiB (spec 002 §9).
      resources: { requests: { memory: 4 * GIB }, limits: { memory: 8 * GIB } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Spec 002 §4: the tenant's details reload after a pool add.
    await waitFor(() => expect(api.callsTo(`GET ${BASE}`)).toHaveLength(2));
  });

  it('a read-only token cannot expand, and is told why', async () => {
    mockPools(true);
    renderTab(<PoolsTab namespace={NS} tenant={TENANT} />, '/pools');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Expand Tenant' })).toBeDisabled());
    expect(screen.getByText('Your access token may not change this tenant')).toBeInTheDocument();
  });
});

describe('checkExpandPool', () => {
  const form = { ...EXPAND_DEFAULTS, storageClass: 'standard' };
  it('refuses a volume above the class room and a pool whose drives allow no erasure code', () => {
    const tooBig = checkExpandPool({ ...form, volumeSize: '2', sizeFactor: 'Ti' }, 1024 * GIB, 8 * GIB, '');
    expect(tooBig.errors.volumeSize).toBe('Volume size must be greater than 1Gi and less than 1.0 Ti');
    expect(tooBig.valid).toBe(false);
    const odd = checkExpandPool({ ...form, nodes: '3', drivesPerServer: '1' }, 1024 * GIB, 8 * GIB, '');
    expect(odd.parityError).toMatch(/^incorrect number of endpoints provided/);
    expect(odd.valid).toBe(false);
  });

  it('passes the default pool and gives the max-memory failure to the servers field', () => {
    const ok = checkExpandPool(form, 1024 * GIB, 8 * GIB, '');
    expect(ok.valid).toBe(true);
    expect(ok.rawCapacity).toBe(400 * GIB);
    const noMemory = checkExpandPool(form, 1024 * GIB, undefined, 'not enough nodes');
    expect(noMemory.errors.nodes).toBe('not enough nodes');
    expect(noMemory.valid).toBe(false);
  });
});
