import type { DirectCsiDrive, VolumeClaim } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blobText, captureDownloads } from '../../test/downloads.js';
import { mockApi } from '../../test/fetchMock.js';
import { renderApp } from '../../test/renderApp.js';
import { tableTexts } from '../../test/tableText.js';
import { ALL_RIGHTS, operatorSession } from '../tenants/tenantFixtures.js';

const claim = (name: string, over: Partial<VolumeClaim> = {}): VolumeClaim => ({
  name,
  namespace: 'ns-a',
  status: 'Bound',
  capacity: '10Gi',
  storageClass: 'standard',
  volume: `pv-${name}`,
  tenant: 'alpha',
  age: '2026-11-28T10:00:00Z',
  ...over,
});

const drive = (node: string, name: string, over: Partial<DirectCsiDrive> = {}): DirectCsiDrive => ({
  drive: `/dev/${name}`,
  capacity: 1_073_741_824,
  allocated: 0,
  volumes: 0,
  node,
  status: 'Available',
  message: '',
  ...over,
});

const DRIVES = [drive('node-1', 'sdb'), drive('node-1', 'sdc', { volumes: 2 }), drive('node-2', 'sdb')];

function mockStorage(extra: Parameters<typeof mockApi>[0] = {}, permissions = {}) {
  return mockApi({
    'GET /api/v1/session': { body: operatorSession({ ...ALL_RIGHTS, ...permissions }) },
    'GET /api/v1/list-pvcs': {
      body: { pvcs: [claim('data-0'), claim('data-1', { namespace: 'ns-b', tenant: 'beta' })] },
    },
    'GET /api/v1/direct-csi/drives': { body: { drives: DRIVES } },
    'POST /api/v1/direct-csi/drives/format': { body: { formatIssuesList: [] } },
    ...extra,
  });
}

const volumesTable = () => screen.getByRole('table', { name: 'Volumes' });
const drivesTable = () => screen.getByRole('table', { name: 'Drives' });

describe('storage page (operator mode)', () => {
  it('/storage and any other path under it open the volumes', async () => {
    mockStorage();
    renderApp('/storage/elsewhere');
    expect(await screen.findByRole('tab', { name: 'Volumes', selected: true })).toBeVisible();
    renderApp('/storage');
    await waitFor(() =>
      expect(screen.getAllByRole('tab', { name: 'Volumes', selected: true })).toHaveLength(2),
    );
  });

  it('volumes: the columns, search, and a view link to the tenant', async () => {
    mockStorage();
    const { user } = renderApp('/storage/volumes');
    const { header, rows } = await tableTexts(volumesTable, 2);
    expect(header).toEqual(['Name', 'Namespace', 'Status', 'Tenant', 'Capacity', 'Storage Class', 'Actions']);
    expect(rows[0]).toEqual(['data-0', 'ns-a', 'Bound', 'ns-a/alpha', '10Gi', 'standard', '']);
    expect(screen.getByRole('link', { name: 'View tenant ns-b/beta' })).toHaveAttribute(
      'href',
      '/namespaces/ns-b/tenants/beta',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search Volumes (PVCs)' }), 'beta');
    await tableTexts(volumesTable, 1);
  });

  it('drives: columns, select and format with typed consent and force; the list refreshes', async () => {
    const api = mockStorage();
    const { user } = renderApp('/storage/drives');
    const { header, rows } = await tableTexts(drivesTable, 3);
    expect(header.slice(1)).toEqual([
      'Drive',
      'Capacity',
      'Allocated',
      'Volumes',
      'Node',
      'Status',
      'Actions',
    ]);
    expect(rows[1]?.slice(1, 7)).toEqual(['/dev/sdc', '1.0 GiB', '0 B', '2', 'node-1', 'Available']);

    const formatSelected = screen.getByRole('button', { name: 'Format Selected Drives' });
    expect(formatSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select /dev/sdb on node-2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select /dev/sdc on node-1' }));
    await user.click(formatSelected);

    const dialog = await screen.findByRole('dialog', { name: 'Format Drives' });
    expect(
      within(dialog).getByText(/All information contained on them will be erased and cannot be recovered/),
    ).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Format' });
    const consent = within(dialog).getByRole('textbox', { name: 'Confirmation' });
    await user.type(consent, 'yes, proceed');
    expect(submit).toBeDisabled();
    await user.clear(consent);
    await user.type(consent, 'YES, PROCEED');
    await user.click(within(dialog).getByRole('checkbox', { name: /Force format/ }));
    await user.click(submit);

    await waitFor(() => expect(api.callsTo('POST /api/v1/direct-csi/drives/format')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/direct-csi/drives/format')[0]?.body).toEqual({
      drives: ['node-1:/dev/sdc', 'node-2:/dev/sdb'],
      force: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Format Drives' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET /api/v1/direct-csi/drives')).toHaveLength(2));
  });

  it('drives: the search filters by drive, node or status; Refresh asks again', async () => {
    const api = mockStorage();
    const { user } = renderApp('/storage/drives');
    await tableTexts(drivesTable, 3);
    await user.type(screen.getByRole('searchbox', { name: 'Search Drives' }), 'node-2');
    const { rows } = await tableTexts(drivesTable, 1);
    expect(rows[0]?.slice(1, 2)).toEqual(['/dev/sdb']);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/direct-csi/drives')).toHaveLength(2));
  });

  it('Format All Drives sends every drive; refused drives open Format Errors with a JSON download', async () => {
    const issues = [{ node: 'node-1', drive: '/dev/sdc', error: 'Drive in use. Cannot be formatted' }];
    const api = mockStorage({
      'POST /api/v1/direct-csi/drives/format': { body: { formatIssuesList: issues } },
    });
    const files = captureDownloads();
    const { user } = renderApp('/storage/drives');
    await tableTexts(drivesTable, 3);
    await user.click(screen.getByRole('button', { name: 'Format All Drives' }));
    const dialog = await screen.findByRole('dialog', { name: 'Format Drives' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Confirmation' }), 'YES, PROCEED');
    await user.click(within(dialog).getByRole('button', { name: 'Format' }));

    const errors = await screen.findByRole('dialog', { name: 'Format Errors' });
    expect(api.callsTo('POST /api/v1/direct-csi/drives/format')[0]?.body).toEqual({
      drives: ['node-1:/dev/sdb', 'node-1:/dev/sdc', 'node-2:/dev/sdb'],
      force: false,
    });
    expect(
      within(errors).getByText(
        'There were some issues trying to format the selected CSI Drives, please fix the issues and try again.',
      ),
    ).toBeVisible();
    expect(within(errors).getByRole('cell', { name: 'Drive in use. Cannot be formatted' })).toBeVisible();
    await user.click(within(errors).getByRole('button', { name: 'Download' }));
    expect(files[0]?.name).toMatch(/^csi-format-errors-.*\.json$/);
    expect(JSON.parse(await blobText(files[0]!.blob))).toEqual(issues);
  });

  it('a per-row format sends that drive alone', async () => {
    const api = mockStorage();
    const { user } = renderApp('/storage/drives');
    await tableTexts(drivesTable, 3);
    await user.click(screen.getByRole('button', { name: 'Format /dev/sdb on node-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Format Drive' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Confirmation' }), 'YES, PROCEED');
    await user.click(within(dialog).getByRole('button', { name: 'Format' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/direct-csi/drives/format')[0]?.body).toEqual({
        drives: ['node-2:/dev/sdb'],
        force: false,
      }),
    );
  });

  it('a failing drives call: the direct CSI notice, and every action disabled', async () => {
    mockStorage({
      'GET /api/v1/direct-csi/drives': {
        status: 500,
        body: { message: 'the server could not find the requested resource', detailedMessage: '' },
      },
    });
    renderApp('/storage/drives');
    expect(
      await screen.findByText(
        'To manage locally attached drives you need to install the direct CSI driver in the cluster.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Format Selected Drives' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Format All Drives' })).toBeDisabled();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('a read-only token: the format controls are disabled and say why', async () => {
    mockStorage({}, { readOnly: true, formatDrives: false });
    const { user } = renderApp('/storage/drives');
    await tableTexts(drivesTable, 3);
    const formatAll = screen.getByRole('button', { name: 'Format All Drives' });
    expect(formatAll).toBeDisabled();
    expect(formatAll).toHaveAccessibleDescription('This token is read-only: it may not format drives');
    expect(screen.getByRole('button', { name: 'Format /dev/sdb on node-1' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select /dev/sdb on node-1' }));
    expect(screen.getByRole('button', { name: 'Format Selected Drives' })).toBeDisabled();
  });

  it('a token without the right to format drives is told so', async () => {
    mockStorage({}, { formatDrives: false });
    renderApp('/storage/drives');
    await tableTexts(drivesTable, 3);
    expect(screen.getByRole('button', { name: 'Format All Drives' })).toHaveAccessibleDescription(
      'This token may not format drives',
    );
  });
});
