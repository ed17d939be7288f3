import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { renderApp } from '../../../test/renderApp.js';
import { NO_RIGHTS, operatorSession, tenantDetail } from '../tenantFixtures.js';
import { stubTextLayout } from './renderTab.test-support.js';

beforeAll(stubTextLayout);

const BASE = '/api/v1/namespaces/ns-alpha/tenants/alpha';

function mockDetail(rights = operatorSession()) {
  return mockApi({
    'GET /api/v1/session': { body: rights },
    [`GET ${BASE}`]: { body: tenantDetail('alpha') },
    [`GET ${BASE}/usage`]: { body: { used: 512 * 1024 ** 3, disk_used: 1024 ** 4 } },
    [`GET ${BASE}/pods`]: {
      body: [
        {
          name: 'alpha-pool-0-0',
          status: 'Running',
          timeCreated: 0,
          podIP: '10.0.0.9',
          restarts: 0,
          node: 'n1',
        },
      ],
    },
    [`GET ${BASE}/pvcs`]: { body: { pvcs: [] } },
    [`GET ${BASE}/yaml`]: { body: { yaml: 'apiVersion: minio.min.io/v2\nkind: Tenant\n' } },
    [`PUT ${BASE}/yaml`]: { status: 204 },
    [`PUT ${BASE}`]: { status: 204 },
    [`DELETE ${BASE}`]: { status: 204 },
    'GET /api/v1/tenants': { body: { tenants: [], total: 0 } },
    'POST /api/v1/subscription/namespaces/ns-alpha/tenants/alpha/activate': { status: 204 },
  });
}

const menu = () => screen.findByRole('navigation', { name: 'Tenant sections' });
const section = (name: string) => screen.findByRole('region', { name });
const term = async (region: string, label: string) => {
  const dt = within(await section(region)).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};

describe('tenant detail', () => {
  it('redirects to summary, lists the seven tabs and follows the path', async () => {
    mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha');
    const nav = await menu();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Summary', 'Metrics', 'Security', 'Pools', 'Pods', 'Volumes', 'License']);
    expect(within(nav).getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    expect(await section('Details')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'alpha', level: 1 })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Tenants' })).toHaveAttribute('href', '/tenants');

    await user.click(within(nav).getByRole('link', { name: 'Pods' }));
    expect(await screen.findByRole('table', { name: 'Pods' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pods' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives summary for an unknown segment', async () => {
    mockDetail();
    renderApp('/namespaces/ns-alpha/tenants/alpha/nonsense');
    const nav = await menu();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(await section('Details')).toBeInTheDocument();
  });

  it('shows the summary: details, usage against capacity, health and features', async () => {
    mockDetail();
    renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    expect((await term('Details', 'Capacity')).textContent).toBe('4.0 TiB');
    expect((await term('Details', 'Instances')).textContent).toBe('4');
    expect((await term('Details', 'Clusters')).textContent).toBe('1');
    expect((await term('Details', 'Volumes')).textContent).toBe('16');
    expect((await term('Details', 'State')).textContent).toBe('Initialized');
    expect(within(await term('Details', 'Endpoint')).getByRole('link')).toHaveAttribute(
      'href',
      'https://minio.example:443',
    );
    expect(within(await term('Details', 'Console')).getByRole('link')).toHaveAttribute(
      'href',
      'https://console.example:9443',
    );
    const usage = await section('Storage usage');
    expect(
      await within(usage).findByRole('progressbar', { name: 'Used: 1.0 TiB of 4.0 TiB' }),
    ).toHaveAttribute('aria-valuenow', '25');
    expect((await term('Health', 'Drives Online')).textContent).toBe('16');
    expect((await term('Health', 'Drives Offline')).textContent).toBe('0');
    expect((await term('Health', 'Write Quorum')).textContent).toBe('9');
    expect(screen.getByRole('link', { name: 'Manage Tenant' })).toHaveAttribute(
      'href',
      '/namespaces/ns-alpha/tenants/alpha/hop',
    );
    expect((await term('Features', 'OpenID')).textContent).toBe('Enabled');
    expect((await term('Features', 'Logs')).textContent).toBe('Disabled');
    expect((await term('Features', 'MinIO TLS')).textContent).toBe('Enabled');
    expect((await term('Features', 'AD/LDAP')).textContent).toBe('Disabled');
  });

  it('shows a failed usage call in place of the bar', async () => {
    const api = mockDetail();
    api.set(`GET ${BASE}/usage`, {
      status: 503,
      body: { message: 'tenant unreachable', detailedMessage: '' },
    });
    renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    const usage = await section('Storage usage');
    expect(await within(usage).findByText('Tenant unreachable')).toBeInTheDocument();
    expect(within(usage).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('updates the MinIO image: checks the form, sends enable_prometheus and the registry', async () => {
    const api = mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    await user.click(
      await screen.findByRole('button', { name: /^minio\/minio:RELEASE.*, Update MinIO Version$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update MinIO Version' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const image = within(dialog).getByRole('textbox', { name: 'Custom MinIO Image' });
    await user.type(image, 'not an image');
    expect(within(dialog).getByText("Format must be of form: 'minio/minio:VERSION'")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(image);
    await user.type(image, 'minio/minio:RELEASE.2026-02-02T00-00-00Z');
    expect(save).toBeEnabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Set Custom Image Registry' }));
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint' }), 'registry.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'robot');
    await user.type(within(dialog).getByLabelText(/Password/), 'secret');
    await user.click(save);
    await waitFor(() => expect(api.callsTo(`PUT ${BASE}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${BASE}`)[0]?.body).toEqual({
      image: 'minio/minio:RELEASE.2026-02-02T00-00-00Z',
      enable_prometheus: true,
      image_registry: { registry: 'registry.example', username: 'robot', password: 'secret' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // §4: the details reload after an image update.
    await waitFor(() => expect(api.callsTo(`GET ${BASE}`).length).toBeGreaterThan(1));
  });

  it('an empty image means the latest release', async () => {
    const api = mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    await user.click(await screen.findByRole('button', { name: /Update MinIO Version/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update MinIO Version' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${BASE}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${BASE}`)[0]?.body).toEqual({ image: '', enable_prometheus: true });
  });

  it('deletes the tenant from the header and goes back to the list', async () => {
    const api = mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Tenant' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tenant name' }), 'alpha');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Tenants', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${BASE}`)[0]?.body).toEqual({ delete_pvcs: false });
  });

  it('Edit YAML opens the code editor on the tenant YAML (the dialog itself: EditYamlDialog.test)', async () => {
    mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    await user.click(await screen.findByRole('button', { name: 'Edit YAML' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit YAML' });
    const content = await waitFor(() => {
      const node = dialog.querySelector<HTMLElement>('.cm-content');
      if (!node) throw new Error('no editor yet');
      return node;
    });
    expect(EditorView.findFromDOM(content)?.state.doc.toString()).toBe(
      'apiVersion: minio.min.io/v2\nkind: Tenant\n',
    );
  });

  it('activates the licence from the License tab', async () => {
    const api = mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/license');
    expect(await screen.findByText('This tenant has no commercial licence.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(
        api.callsTo('POST /api/v1/subscription/namespaces/ns-alpha/tenants/alpha/activate'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Licence activated')).toBeInTheDocument();
  });

  it('shows the metrics frame through the proxy with a loading bar until it loads', async () => {
    mockDetail();
    renderApp('/namespaces/ns-alpha/tenants/alpha/metrics');
    const frame = await screen.findByTitle('Metrics of alpha');
    expect(frame).toHaveAttribute('src', '/api/proxy/ns-alpha/alpha/metrics');
    expect(screen.getByRole('progressbar', { name: 'Loading the metrics' })).toBeInTheDocument();
    frame.dispatchEvent(new Event('load'));
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Loading the metrics' })).not.toBeInTheDocument(),
    );
  });

  it('disables every mutating control for a read-only token, with the reason', async () => {
    const api = mockDetail(operatorSession(NO_RIGHTS));
    api.set('GET /api/v1/namespaces/ns-alpha/permissions', { body: NO_RIGHTS });
    renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'This token is read-only: it may not delete tenants',
    );
    expect(screen.getByRole('button', { name: 'Edit YAML' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: /Update MinIO Version/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Update MinIO Version/ })).toHaveAccessibleDescription(
      'This token is read-only: it may not change tenants',
    );
    // Reading stays possible: Refresh and Manage Tenant.
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Manage Tenant' })).toBeInTheDocument();
  });
});

describe('tenant management page', () => {
  it('frames the tenant console with its breadcrumb, back and refresh, and no sidebar', async () => {
    mockDetail();
    const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/hop');
    const frame = await screen.findByTitle('Console of alpha');
    expect(frame).toHaveAttribute('src', '/api/proxy/ns-alpha/alpha/?cp=y');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Tenants' })).toHaveAttribute('href', '/tenants');
    expect(within(crumbs).getByRole('link', { name: 'alpha' })).toHaveAttribute(
      'href',
      '/namespaces/ns-alpha/tenants/alpha',
    );
    expect(within(crumbs).getByText('Management')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Back to alpha' })).toHaveAttribute(
      'href',
      '/namespaces/ns-alpha/tenants/alpha',
    );
    // Spec 000 §2: no sidebar on /hop.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    frame.dispatchEvent(new Event('load'));
    await waitFor(() =>
      expect(
        screen.queryByRole('progressbar', { name: 'Loading the tenant console' }),
      ).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByTitle('Console of alpha')).toHaveAttribute(
      'src',
      '/api/proxy/ns-alpha/alpha/?cp=y&reload=1',
    );
    expect(screen.getByRole('progressbar', { name: 'Loading the tenant console' })).toBeInTheDocument();
  });
});

describe('tenant detail on a small screen', () => {
  it('shows the sections as tabs that navigate', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...wide(query),
      matches: query.includes('max-width'),
    })) as typeof wide;
    try {
      mockDetail();
      const { user } = renderApp('/namespaces/ns-alpha/tenants/alpha/summary');
      const tabs = await screen.findByRole('tablist', { name: 'Tenant sections' });
      expect(within(tabs).getAllByRole('tab')).toHaveLength(7);
      expect(within(tabs).getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
      await user.click(within(tabs).getByRole('tab', { name: 'Volumes' }));
      expect(await screen.findByText('This tenant has no volumes.')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Tenant sections' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = wide;
    }
  });
});
