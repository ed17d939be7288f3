import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { session } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/renderApp.js';
import { tenantItem } from '../tenantFixtures.js';

const GIB = 1024 ** 3;
const OPERATOR_SESSION = session({
  operator: true,
  pages: ['/tenants', '/tenants/add', '/license'],
  operatorPermissions: {
    readOnly: false,
    createTenant: true,
    updateTenant: true,
    deleteTenant: true,
    createNamespace: true,
    deletePod: true,
    formatDrives: true,
  },
});
const QUOTA = {
  name: 'ns-a-storagequota',
  elements: [
    { name: 'standard.storageclass.storage.k8s.io/requests.storage', hard: 10_000 * GIB, used: 0 },
    { name: 'fast.storageclass.storage.k8s.io/requests.storage', hard: 50 * GIB, used: 0 },
  ],
};
const CREATED = {
  console: [{ access_key: 'AK0123456789abcd', secret_key: 'SK0123456789abcdSK0123456789abcd' }],
  externalIDP: false,
};

function mockWizard(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/v1/session': { body: OPERATOR_SESSION },
    'GET /api/v1/namespaces/ns-a/tenants': { body: { tenants: [], total: 0 } },
    'GET /api/v1/tenants': { body: { tenants: [], total: 0 } },
    'GET /api/v1/namespaces/ns-a/resourcequotas/ns-a-storagequota': { body: QUOTA },
    'GET /api/v1/cluster/max-allocatable-memory': { body: { max_memory: 16 * GIB } },
    'GET /api/v1/get-parity/4/1': { body: ['EC:2'] },
    'GET /api/v1/get-parity/4/4': { body: ['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'] },
    'POST /api/v1/tenants/preview': {
      body: {
        yaml: 'apiVersion: minio.min.io/v2\nkind: Tenant\n',
        secrets: [{ name: 'acme-secret', type: 'Opaque', keys: ['accesskey'] }],
      },
    },
    'POST /api/v1/tenants': { status: 201, body: CREATED },
    ...over,
  });
}

const WAIT = { timeout: 3000 };

async function fillSetup(user: ReturnType<typeof renderApp>['user'], name = 'acme', namespace = 'ns-a') {
  await user.type(await screen.findByRole('textbox', { name: /^Name\W*$/ }), name);
  await user.type(screen.getByRole('textbox', { name: /^Namespace/ }), namespace);
}

describe('Create New Tenant wizard', () => {
  it('keeps the size fields disabled until a storage class is chosen, then picks the first class', async () => {
    mockWizard();
    const { user } = renderApp('/tenants/add');
    expect(await screen.findByRole('heading', { name: 'Create New Tenant' })).toBeVisible();
    expect(screen.getByRole('spinbutton', { name: /Number of Servers/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await fillSetup(user);
    await waitFor(
      () => expect(screen.getByRole('spinbutton', { name: /Number of Servers/ })).toBeEnabled(),
      WAIT,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Storage Class/ })).toHaveValue('standard'),
    );
  });

  it('basic path: previews the size, shows the YAML diff, creates, and shows the credentials once', async () => {
    const api = mockWizard();
    const { user } = renderApp('/tenants/add');
    await fillSetup(user);
    const drives = await screen.findByRole('spinbutton', { name: /Drives per Server/ });
    await waitFor(() => expect(drives).toBeEnabled(), WAIT);
    await user.clear(drives);
    await user.type(drives, '4');
    const total = screen.getByRole('spinbutton', { name: /Total Size/ });
    await user.clear(total);
    await user.type(total, '1600');
    const panel = screen.getByRole('complementary', { name: 'Resource Allocation' });
    await waitFor(
      () => expect(within(panel).getByRole('row', { name: /Number of Drives 16/ })).toBeVisible(),
      WAIT,
    );
    expect(within(panel).getByRole('row', { name: /Drive Size 100 GiB/ })).toBeVisible();
    expect(within(panel).getByRole('row', { name: /EC Parity EC:8/ })).toBeVisible();
    expect(within(panel).getByRole('row', { name: /Usable Capacity 800 GiB/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Total Size 1.6 TiB' })).toBeVisible();
    const diff = await screen.findByLabelText('What will be applied', { selector: 'pre' });
    expect(diff).toHaveTextContent('+ kind: Tenant');
    expect(screen.getByRole('cell', { name: 'acme-secret' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const modal = await screen.findByRole('dialog', { name: 'New Tenant Created' });
    expect(within(modal).getByText('AK0123456789abcd')).toBeVisible();
    const sent = api.callsTo('POST /api/v1/tenants')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'acme',
      namespace: 'ns-a',
      erasureCodingParity: 8,
      pools: [
        {
          servers: 4,
          volumes_per_server: 4,
          volume_configuration: { size: 100 * GIB, storage_class_name: 'standard' },
        },
      ],
    });
    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('AK0123456789abcd')).toBeNull();
    // Done goes to the Tenants list (a lazy page: the wizard stays until it has loaded).
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create New Tenant' })).toBeNull());
  });

  it('refuses a namespace that already has a tenant with the spec message', async () => {
    mockWizard({
      'GET /api/v1/namespaces/ns-a/tenants': {
        body: { tenants: [tenantItem('other', { namespace: 'ns-a' })], total: 1 },
      },
    });
    const { user } = renderApp('/tenants/add');
    await fillSetup(user);
    expect(await screen.findByText('You can only create one tenant per namespace', {}, WAIT)).toBeVisible();
  });

  it('offers to create a missing namespace and creates it', async () => {
    const api = mockWizard({
      'GET /api/v1/namespaces/ns-new/tenants': { body: { tenants: [], total: 0 } },
      'GET /api/v1/namespaces/ns-new/resourcequotas/ns-new-storagequota': {
        status: 404,
        body: { message: 'namespace not found', detailedMessage: '' },
      },
      'POST /api/v1/namespace': { status: 201 },
    });
    const { user } = renderApp('/tenants/add');
    await fillSetup(user, 'acme', 'ns-new');
    expect(await screen.findByText('Please enter a valid namespace', {}, WAIT)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add namespace' }));
    const modal = await screen.findByRole('dialog', { name: 'Create Namespace' });
    await user.click(within(modal).getByRole('button', { name: 'Create Namespace' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/namespace')[0]?.body).toEqual({ name: 'ns-new' }));
  });

  it('marks the nodes field with the max-memory failure', async () => {
    mockWizard({
      'GET /api/v1/cluster/max-allocatable-memory': {
        status: 507,
        body: {
          message: 'there are not enough nodes in the cluster to support this tenant',
          detailedMessage: '',
        },
      },
    });
    const { user } = renderApp('/tenants/add');
    await fillSetup(user);
    expect(
      await screen.findByText('There are not enough nodes in the cluster to support this tenant', {}, WAIT),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('advanced path: free-text node labels when the labels call fails, and the steps in order', async () => {
    const api = mockWizard({
      'GET /api/v1/nodes/labels': {
        status: 500,
        body: { message: 'nodes are forbidden', detailedMessage: '' },
      },
    });
    const { user } = renderApp('/tenants/add');
    await user.click(await screen.findByRole('switch', { name: 'Advanced Mode' }));
    await fillSetup(user);
    await waitFor(
      () => expect(screen.getByRole('spinbutton', { name: /Number of Servers/ })).toBeEnabled(),
      WAIT,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Erasure Code Parity/ })).toHaveValue('EC:2'),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('checkbox', { name: 'Expose MinIO Service' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'MinIO Image' }), 'minio');
    expect(screen.getByText("Format must be of form: 'minio/minio:VERSION'")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // A refused Next stays on the page.
    expect(screen.getByRole('textbox', { name: 'MinIO Image' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'MinIO Image' }), '/minio:RELEASE.1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Node Selector' }));
    expect(
      await screen.findByText('The node labels could not be loaded; type the keys and values'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('You need to add at least one label key-pair')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Key 1' }), 'zone');
    await user.type(screen.getByRole('textbox', { name: 'Value 1' }), 'a');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Identity Provider: add a user, and the last row cannot be removed.
    expect(await screen.findByRole('radio', { name: 'Built-in' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove user 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect((screen.getByRole('textbox', { name: 'Access Key 2' }) as HTMLInputElement).value).toMatch(
      /^[A-Za-z0-9]{16}$/,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('switch', { name: 'Enable AutoCert' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('switch', { name: 'Enable Server Side Encryption' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Field cannot be empty').length).toBe(3);
    await user.type(screen.getByRole('textbox', { name: /^Endpoint/ }), 'https://vault:8200');
    await user.type(screen.getByRole('textbox', { name: /AppRole ID/ }), 'role');
    await user.type(screen.getByLabelText(/AppRole Secret/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: 'TLS Enabled' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'MinIO Image minio/minio:RELEASE.1' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'New Tenant Created' });
    const sent = api.callsTo('POST /api/v1/tenants')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      image: 'minio/minio:RELEASE.1',
      pools: [{ node_selector: { zone: 'a' } }],
      encryption: { vault: { endpoint: 'https://vault:8200', approle: { id: 'role', secret: 'secret' } } },
    });
    expect((sent.idp as { keys: unknown[] }).keys).toHaveLength(2);
    // Eight pages of typing under jsdom: more than the default budget on a loaded machine.
  }, 60_000);

  it('shows a refused create in the message bar and stays on the page', async () => {
    mockWizard({
      'POST /api/v1/tenants': {
        status: 409,
        body: { message: 'You can only create one tenant per namespace', detailedMessage: '' },
      },
    });
    const { user } = renderApp('/tenants/add');
    await fillSetup(user);
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled(), WAIT);
    await user.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can only create one tenant per namespace',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables Create for a token that may not create tenants', async () => {
    mockWizard({
      'GET /api/v1/session': {
        body: {
          ...OPERATOR_SESSION,
          operatorPermissions: { ...OPERATOR_SESSION.operatorPermissions!, createTenant: false },
        },
      },
    });
    const { user } = renderApp('/tenants/add');
    await fillSetup(user);
    await waitFor(
      () => expect(screen.getByRole('spinbutton', { name: /Number of Servers/ })).toBeEnabled(),
      WAIT,
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
