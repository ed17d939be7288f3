import type { PodEvent, TenantPod } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blobText, captureDownloads } from '../../../test/downloads.js';
import { mockApi } from '../../../test/fetchMock.js';
import { tableTexts } from '../../../test/tableText.js';
import { PodLogs } from './PodLogs.js';
import { PodsTab } from './PodsTab.js';
import { BASE, NS, RIGHTS_ROUTE, renderTab, rights, TENANT, TENANT_PATH } from './renderTab.test-support.js';

const now = Math.floor(Date.now() / 1000);
const pod = (name: string, restarts = 0): TenantPod => ({
  name,
  status: 'Running',
  timeCreated: now - 3 * 86_400,
  podIP: '10.0.0.7',
  restarts,
  node: 'node-1',
});
const event: PodEvent = {
  namespace: NS,
  last_seen: now - 60,
  message: 'Started container minio',
  event_type: 'Normal',
  reason: 'Started',
};

function mockPods(readOnly = false) {
  return mockApi({
    [RIGHTS_ROUTE]: rights(readOnly),
    [`GET ${BASE}/pods`]: { body: [pod('tenant-a-pool-0-0', 2), pod('tenant-a-pool-0-1')] },
    [`DELETE ${BASE}/pods/tenant-a-pool-0-1`]: { status: 204 },
    [`GET ${BASE}/pods/tenant-a-pool-0-0/events`]: { body: [event] },
    [`GET ${BASE}/pods/tenant-a-pool-0-0`]: { body: 'first line\nAPI: listening\nlast line\n' },
  });
}

const podTable = () => screen.getByRole('table', { name: 'Pods' });

describe('Pods tab', () => {
  it('lists name, status, age, pod IP, restarts and node, with a view link to the pod', async () => {
    mockPods();
    renderTab(<PodsTab namespace={NS} tenant={TENANT} />, '/pods');
    const { header, rows } = await tableTexts(podTable, 2);
    expect(header).toEqual(['Name', 'Status', 'Age', 'Pod IP', 'Restarts', 'Node', 'Actions']);
    expect(rows[0]).toEqual(['tenant-a-pool-0-0', 'Running', '3 days', '10.0.0.7', '2', 'node-1', '']);
    expect(screen.getByRole('link', { name: 'View pod tenant-a-pool-0-0' })).toHaveAttribute(
      'href',
      `${TENANT_PATH}/pods/tenant-a-pool-0-0`,
    );
  });

  it('says Error loading pods with the detailed error', async () => {
    mockApi({
      [RIGHTS_ROUTE]: rights(),
      [`GET ${BASE}/pods`]: { status: 500, body: { message: 'kube', detailedMessage: 'pods is forbidden' } },
    });
    renderTab(<PodsTab namespace={NS} tenant={TENANT} />, '/pods');
    expect(await screen.findByText('Error loading pods')).toBeInTheDocument();
    expect(screen.getByText('Pods is forbidden')).toBeInTheDocument();
  });

  it('deletes a pod only after its exact name is retyped', async () => {
    const api = mockPods();
    const { user } = renderTab(<PodsTab namespace={NS} tenant={TENANT} />, '/pods');
    await user.click(await screen.findByRole('button', { name: 'Delete pod tenant-a-pool-0-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete pod' });
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Pod name'), 'tenant-a-pool-0');
    expect(within(dialog).getByText('Tenant name is incorrect')).toBeInTheDocument();
    expect(remove).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Pod name'), '-1');
    await user.click(remove);
    await waitFor(() => expect(api.callsTo(`DELETE ${BASE}/pods/tenant-a-pool-0-1`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again after the delete.
    await waitFor(() => expect(api.callsTo(`GET ${BASE}/pods`)).toHaveLength(2));
  });

  it('disables delete with the reason for a token without the right', async () => {
    mockPods(true);
    renderTab(<PodsTab namespace={NS} tenant={TENANT} />, '/pods');
    const remove = () => screen.getByRole('button', { name: 'Delete pod tenant-a-pool-0-0' });
    await waitFor(() => expect(remove()).toBeDisabled());
    expect(
      screen.getAllByText('Your access token may not delete pods in this namespace')[0],
    ).toBeInTheDocument();
  });

  it('opens pods/{podName} on Events, and Logs shows the log by lines', async () => {
    mockPods();
    const { user } = renderTab(<PodsTab namespace={NS} tenant={TENANT} />, '/pods/tenant-a-pool-0-0');
    expect(await screen.findByRole('heading', { name: 'tenant-a-pool-0-0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pods' })).toHaveAttribute('href', `${TENANT_PATH}/pods`);
    const events = await tableTexts(
      () => screen.getByRole('table', { name: 'Events of pod tenant-a-pool-0-0' }),
      1,
    );
    expect(events.header).toEqual(['Namespace', 'Last Seen', 'Type', 'Reason', 'Message']);
    expect(events.rows[0]).toEqual([NS, expect.any(String), 'Normal', 'Started', 'Started container minio']);
    await user.click(screen.getByRole('tab', { name: 'Logs' }));
    const log = await screen.findByRole('log', { name: 'Log of pod tenant-a-pool-0-0' });
    await waitFor(() => expect(log.querySelectorAll('[data-line]')).toHaveLength(3));
    expect(log.querySelector('[data-line="2"]')).toHaveTextContent('API: listening');
  });
});

describe('pod logs', () => {
  const tenant = { namespace: NS, tenant: TENANT };

  it('searches within the log, marking the matches, and downloads the whole log', async () => {
    mockPods();
    const files = captureDownloads();
    const { user } = renderTab(<PodLogs tenant={tenant} pod="tenant-a-pool-0-0" />);
    const log = await screen.findByRole('log');
    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'LINE');
    await waitFor(() => expect(log.querySelectorAll('[data-line]')).toHaveLength(2));
    expect(screen.getByText('2 matching lines')).toBeInTheDocument();
    expect([...log.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['line', 'line']);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(files[0]?.name).toBe('tenant-a-pool-0-0.log');
    expect(await blobText(files[0]!.blob)).toBe('first line\nAPI: listening\nlast line\n');
  });

  it('Follow polls the log again and keeps the newest line in view', async () => {
    let reads = 0;
    const api = mockApi({
      [`GET ${BASE}/pods/p-0`]: () => {
        reads += 1;
        return { body: Array.from({ length: reads }, (_, i) => `line ${i + 1}`).join('\n') };
      },
    });
    const { user } = renderTab(<PodLogs tenant={tenant} pod="p-0" followIntervalMs={20} />);
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.querySelectorAll('[data-line]')).toHaveLength(1));
    // jsdom has no layout: give the log a height so "scrolled to the end" can be told apart.
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 1000 });
    expect(api.callsTo(`GET ${BASE}/pods/p-0`)).toHaveLength(1);
    await user.click(screen.getByRole('switch', { name: 'Follow' }));
    await waitFor(() => expect(log.querySelectorAll('[data-line]').length).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(log.scrollTop).toBe(1000));
    await user.click(screen.getByRole('switch', { name: 'Follow' }));
    const stopped = api.callsTo(`GET ${BASE}/pods/p-0`).length;
    // A negative check, not a wait: no further poll comes once Follow is off.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo(`GET ${BASE}/pods/p-0`).length).toBe(stopped);
  });
});
