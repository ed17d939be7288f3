import type { VolumeClaim } from '@stowage/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { tableTexts } from '../../../test/tableText.js';
import { BASE, NS, renderTab, TENANT } from './renderTab.test-support.js';
import { VolumesTab } from './VolumesTab.js';

const claim = (name: string): VolumeClaim => ({
  name,
  namespace: NS,
  status: 'Bound',
  capacity: '100Gi',
  storageClass: 'standard',
  volume: `pvc-${name}`,
  tenant: TENANT,
  age: new Date(Date.now() - 2 * 86_400_000).toISOString(),
});

const volumes = () => screen.getByRole('table', { name: 'Volumes' });

describe('Volumes tab', () => {
  it("lists the tenant's claims and filters them by name", async () => {
    mockApi({
      [`GET ${BASE}/pvcs`]: {
        body: { pvcs: [claim('data0-tenant-a-pool-0-0'), claim('data0-tenant-a-pool-0-1')] },
      },
    });
    const { user } = renderTab(<VolumesTab namespace={NS} tenant={TENANT} />, '/volumes');
    const { header, rows } = await tableTexts(volumes, 2);
    expect(header).toEqual(['Name', 'Status', 'Capacity', 'Storage Class', 'Volume', 'Age']);
    expect(rows[0]).toEqual([
      'data0-tenant-a-pool-0-0',
      'Bound',
      '100Gi',
      'standard',
      'pvc-data0-tenant-a-pool-0-0',
      '2 days',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Filter volumes' }), 'pool-0-1');
    const filtered = await tableTexts(volumes, 1);
    expect(filtered.rows[0]?.[0]).toBe('data0-tenant-a-pool-0-1');
  });

  it('shows a failure as an error snack message', async () => {
    mockApi({
      [`GET ${BASE}/pvcs`]: {
        status: 403,
        body: { message: 'forbidden', detailedMessage: 'pvcs is forbidden' },
      },
    });
    renderTab(<VolumesTab namespace={NS} tenant={TENANT} />, '/volumes');
    expect(await screen.findByText('Forbidden: Pvcs is forbidden')).toBeInTheDocument();
    expect(await screen.findByText('This tenant has no volumes.')).toBeInTheDocument();
  });
});
