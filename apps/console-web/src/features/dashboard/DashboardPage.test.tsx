import type { AdminInfoResponse, ServerStatus, Widget } from '@stowage/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { HEAL_POLL_MS } from './queries.js';

const server = (n: number, overrides: Partial<ServerStatus> = {}): ServerStatus => ({
  endpoint: `node${n}:9000`,
  state: 'online',
  uptime: 86_400 + 5,
  version: '2026-01-01',
  network: { 'node1:9000': 'online', 'node2:9000': 'online', 'node3:9000': 'offline' },
  drives: [
    {
      uuid: `u${n}a`,
      endpoint: `/data${n}/a`,
      state: 'ok',
      totalSpace: 2 ** 40,
      usedSpace: 2 ** 30,
      availableSpace: 2 ** 39,
    },
    {
      uuid: `u${n}b`,
      endpoint: `/data${n}/b`,
      state: 'offline',
      totalSpace: 0,
      usedSpace: 0,
      availableSpace: 0,
    },
  ],
  ...overrides,
});

const info = (overrides: Partial<AdminInfoResponse> = {}): AdminInfoResponse => ({
  buckets: 1234,
  objects: 5_678_901,
  usage: 3 * 2 ** 30,
  servers: Array.from({ length: 7 }, (_, i) => server(i + 1)),
  widgets: [],
  metricsSource: 'storage',
  ...overrides,
});

const widget = (id: number, title: string, type: Widget['type'], unit: Widget['unit'] = 'count'): Widget => ({
  id,
  title,
  type,
  unit,
  series: [
    {
      name: title,
      values: [
        [1000, 1],
        [1060, 2048],
      ],
    },
  ],
});

type Handler = Parameters<typeof mockApi>[0][string];

/** /admin/info lists the widgets (their series empty); each one answers on its own path. */
function mockDashboard(
  body: AdminInfoResponse | (() => { status: number; body: unknown }),
  widgetReplies: Record<number, Handler> = {},
  who = session(),
) {
  const listed = typeof body === 'function' ? [] : body.widgets;
  const infoBody = typeof body === 'function' ? body : { body: { ...body, widgets: listed.map(definition) } };
  return mockApi({
    'GET /api/v1/session': { body: who },
    'GET /api/v1/admin/info': infoBody,
    ...Object.fromEntries(listed.map((w) => [`GET /api/v1/admin/info/widgets/${w.id}`, { body: w }])),
    ...Object.fromEntries(
      Object.entries(widgetReplies).map(([id, reply]) => [`GET /api/v1/admin/info/widgets/${id}`, reply]),
    ),
  });
}

const definition = (w: Widget): Widget => ({ ...w, series: [] });

describe('dashboard, general status', () => {
  it('shows the four cards, then servers and drives 5 per page', async () => {
    mockDashboard(info());
    const { user } = renderApp('/dashboard');
    expect(await screen.findByRole('region', { name: 'All Buckets' })).toHaveTextContent('1,234');
    expect(screen.getByRole('region', { name: 'Usage' })).toHaveTextContent('3.0 GiB');
    expect(screen.getByRole('region', { name: 'Total Objects' })).toHaveTextContent('5,678,901');
    expect(screen.getByRole('region', { name: 'Servers' })).toHaveTextContent('7 of 7 online');

    expect(screen.getAllByRole('article')).toHaveLength(5);
    const first = screen.getByRole('article', { name: 'node1:9000' });
    expect(first).toHaveTextContent('Drives 1/2');
    expect(first).toHaveTextContent('Network 2/3');
    expect(first).toHaveTextContent('Uptime 1 day');
    expect(first).toHaveTextContent('Version 2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Drives' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    const drive = screen.getByRole('article', { name: '/data1/a' });
    expect(drive).toHaveTextContent('ok');
    expect(drive).toHaveTextContent('Capacity 1.0 TiB');
    expect(drive).toHaveTextContent('Used 1.0 GiB');
    expect(drive).toHaveTextContent('Available 512.0 GiB');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument(); // 14 drives
  });

  it("shows the spec's message when the information cannot be loaded", async () => {
    mockDashboard(() => ({ status: 500, body: { message: 'boom', detailedMessage: '' } }));
    renderApp('/dashboard');
    expect(
      await screen.findByText('Widget information could not be retrieved at this time. Please try again'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('dashboard, background heal', () => {
  const healing = {
    started: '2026-11-28T10:00:00.000Z',
    lastUpdate: '2026-11-28T10:05:00.000Z',
    objectsTotal: 200,
    bytesTotal: 2 ** 30,
    itemsHealed: 49,
    itemsFailed: 1,
    bytesDone: 2 ** 20,
    currentBucket: 'photos',
    currentObject: '2026/a.jpg',
  };
  const queue = {
    since: '2026-11-28T09:00:00.000Z',
    queued: 40,
    healed: 30,
    failed: 2,
    dropped: 0,
    pending: 8,
    bytesHealed: 0,
  };

  it('shows each drive being refilled with its progress, and the objects waiting to be healed', async () => {
    const one = server(1);
    one.drives[0] = { ...one.drives[0]!, healing };
    mockDashboard(info({ servers: [one], healQueue: queue }));
    const { user } = renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Healing' });
    expect(panel).toHaveTextContent('Drive /data1/a is being refilled');
    expect(panel).toHaveTextContent('25%');
    expect(within(panel).getByRole('progressbar', { name: 'Refill of /data1/a' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(panel).toHaveTextContent('49 of 200 objects, 1.0 MiB healed');
    expect(panel).toHaveTextContent('1 failed');
    expect(panel).toHaveTextContent('Now healing photos/2026/a.jpg');
    expect(panel).toHaveTextContent(
      '8 objects waiting to be healed (30 healed since the server started) · 2 failed',
    );
    await user.click(screen.getByRole('tab', { name: 'Drives' }));
    expect(screen.getByRole('article', { name: '/data1/a' })).toHaveTextContent('Healing 25%');
    expect(screen.getByRole('article', { name: '/data1/b' })).not.toHaveTextContent('Healing');
  });

  it('asks for the status again while a heal runs, and stops asking once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    let pending = 3;
    const api = mockDashboard(() => ({ status: 200, body: info({ healQueue: { ...queue, pending } }) }));
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Healing' });
    expect(panel).toHaveTextContent('3 objects waiting to be healed');
    pending = 0;
    await vi.advanceTimersByTimeAsync(HEAL_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Healing' })).toBeNull());
    const asked = api.callsTo('GET /api/v1/admin/info').length;
    await vi.advanceTimersByTimeAsync(HEAL_POLL_MS * 3);
    expect(api.callsTo('GET /api/v1/admin/info')).toHaveLength(asked);
  });

  it('shows nothing of it while every drive is whole and the queue is empty', async () => {
    mockDashboard(info({ healQueue: { ...queue, pending: 0 } }));
    renderApp('/dashboard');
    expect(await screen.findByRole('region', { name: 'All Buckets' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Healing' })).toBeNull();
  });
});

describe('dashboard, widgets', () => {
  const widgets = [
    widget(1, 'Uptime', 'singleValue', 'seconds'),
    widget(6, 'Usable Capacity', 'pieChart', 'bytes'),
    widget(9, 'Object Size Distribution', 'barChart'),
    widget(10, 'Number of Buckets', 'singleRep'),
    widget(12, 'S3 API Request Rate', 'linearGraph', 'perSecond'),
    widget(21, 'CPU Usage', 'linearGraph', 'cpuSeconds'),
  ];

  it('groups widgets into Summary, Traffic and Resources and draws each type', async () => {
    mockDashboard(info({ widgets }));
    const { user } = renderApp('/dashboard');
    const uptime = await screen.findByRole('region', { name: 'Uptime' });
    expect(uptime).toHaveTextContent('34m 8s'); // 2048 s
    expect(
      within(screen.getByRole('region', { name: 'Usable Capacity' })).getByRole('img'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Object Size Distribution' })).toHaveTextContent('2,048');
    expect(screen.getByRole('region', { name: 'Number of Buckets' })).toHaveTextContent('2,048');
    expect(screen.queryByRole('region', { name: 'S3 API Request Rate' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Traffic' }));
    const traffic = await screen.findByRole('region', { name: 'S3 API Request Rate' });
    expect(within(traffic).getByRole('img', { name: 'S3 API Request Rate' })).toBeInTheDocument();
    expect(traffic).toHaveTextContent('2048.00/s');
    await user.click(screen.getByRole('tab', { name: 'Resources' }));
    expect(await screen.findByRole('region', { name: 'CPU Usage' })).toHaveTextContent('2048.00 cores');
  });

  it('reloads the widgets when the range changes and on Sync', async () => {
    // The clock stands still, then moves on: Sync reloads in place within the same second
    // (only what is on screen), and moves the range once time has passed.
    let clock = Date.now();
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    onTestFinished(() => now.mockRestore());
    const api = mockDashboard(info({ widgets }));
    const { user } = renderApp('/dashboard');
    const start = await screen.findByLabelText('Start Time');
    expect(screen.getByLabelText('End Time')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Uptime' });
    // One widget's own call over the range; the general status is not asked again.
    const calls = () => api.callsTo('GET /api/v1/admin/info/widgets/1');
    expect(calls()).toHaveLength(1);
    const first = new URL(calls()[0]!.url, 'http://x').searchParams;
    const end = Number(first.get('end'));
    expect(end - Number(first.get('start'))).toBe(3600);
    expect(first.get('step')).toBe('60');

    // Two hours before the end: a new call over the new range.
    const twoHoursBefore = new Date((end - 7200) * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const text = `${twoHoursBefore.getFullYear()}-${pad(twoHoursBefore.getMonth() + 1)}-${pad(twoHoursBefore.getDate())}T${pad(twoHoursBefore.getHours())}:${pad(twoHoursBefore.getMinutes())}`;
    fireEvent.change(start, { target: { value: text } });
    await waitFor(() => expect(calls()).toHaveLength(2));
    const second = new URL(calls()[1]!.url, 'http://x').searchParams;
    expect(Number(second.get('start'))).toBeLessThanOrEqual(end - 7200);

    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(calls()).toHaveLength(3));
    expect(new URL(calls()[2]!.url, 'http://x').searchParams.toString()).toBe(second.toString());

    clock += 5_000;
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(calls()).toHaveLength(4));
    const moved = new URL(calls()[3]!.url, 'http://x').searchParams;
    expect(Number(moved.get('end'))).toBe(end + 5);
    expect(Number(moved.get('end')) - Number(moved.get('start'))).toBe(
      Number(second.get('end')) - Number(second.get('start')),
    );
    expect(api.callsTo('GET /api/v1/admin/info')).toHaveLength(1);
  });

  it('a failing widget shows its own error and Retry; the others and Retry recover', async () => {
    let failing = true;
    mockDashboard(info({ widgets }), {
      10: () =>
        failing
          ? { status: 500, body: { message: 'metrics unavailable', detailedMessage: 'scrape failed' } }
          : { body: widget(10, 'Number of Buckets', 'singleRep') },
    });
    const { user } = renderApp('/dashboard');
    const broken = await screen.findByRole('region', { name: 'Number of Buckets' });
    expect(await within(broken).findByText('Metrics unavailable')).toBeInTheDocument();
    // The rest of the dashboard is untouched.
    expect(screen.getByRole('region', { name: 'Uptime' })).toHaveTextContent('34m 8s');
    expect(screen.getByRole('list', { name: 'Object Size Distribution' })).toHaveTextContent('2,048');
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);

    failing = false;
    await user.click(within(broken).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(broken).toHaveTextContent('2,048'));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('dashboard, arranged per user', () => {
  const widgets = [
    widget(1, 'Uptime', 'singleValue', 'seconds'),
    widget(2, 'Total Online Disks', 'singleValue'),
    widget(10, 'Number of Buckets', 'singleRep'),
  ];
  const summaryOrder = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));

  it('reorders and hides widgets, keeps that for the user, and Reset layout restores the default', async () => {
    mockDashboard(info({ widgets }));
    const first = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Uptime' });
    expect(summaryOrder()).toEqual(['Uptime', 'Total Online Disks', 'Number of Buckets']);

    await first.user.click(screen.getByRole('button', { name: 'Customize' }));
    expect(screen.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
    await first.user.click(screen.getByRole('button', { name: 'Move Number of Buckets up' }));
    await first.user.click(screen.getByRole('button', { name: 'Move Number of Buckets up' }));
    await first.user.click(screen.getByRole('button', { name: 'Hide Total Online Disks' }));
    // Customize mode still shows the hidden widget, so that it can be shown again.
    expect(summaryOrder()).toEqual(['Number of Buckets', 'Uptime', 'Total Online Disks']);
    expect(screen.getByRole('button', { name: 'Show Total Online Disks' })).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(summaryOrder()).toEqual(['Number of Buckets', 'Uptime']);
    first.unmount();

    // The same user on a new page load sees their arrangement.
    const again = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Uptime' });
    expect(summaryOrder()).toEqual(['Number of Buckets', 'Uptime']);
    await again.user.click(screen.getByRole('button', { name: 'Customize' }));
    await again.user.click(screen.getByRole('button', { name: 'Reset layout' }));
    expect(summaryOrder()).toEqual(['Uptime', 'Total Online Disks', 'Number of Buckets']);
    again.unmount();

    const reset = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Uptime' });
    expect(summaryOrder()).toEqual(['Uptime', 'Total Online Disks', 'Number of Buckets']);
    reset.unmount();
  });

  it('another user on the same browser sees the default layout', async () => {
    mockDashboard(info({ widgets }));
    const admin = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Uptime' });
    await admin.user.click(screen.getByRole('button', { name: 'Customize' }));
    await admin.user.click(screen.getByRole('button', { name: 'Hide Uptime' }));
    admin.unmount();

    mockDashboard(info({ widgets }), {}, session({ accessKey: 'auditor' }));
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Uptime' });
    expect(summaryOrder()).toEqual(['Uptime', 'Total Online Disks', 'Number of Buckets']);
  });
});
