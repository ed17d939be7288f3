import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { renderApp } from '../../test/renderApp.js';
import { rowTexts, tableTexts } from '../../test/tableText.js';
import { NO_RIGHTS, operatorSession, tenantItem } from './tenantFixtures.js';

const tenants = [
  tenantItem('alpha'),
  tenantItem('beta', { health_status: 'red', pool_count: 2, currentState: 'Provisioning' }),
  tenantItem('gamma', { health_status: '', namespace: 'shared' }),
];

function mockTenants(rights = operatorSession()) {
  return mockApi({
    'GET /api/v1/session': { body: rights },
    'GET /api/v1/tenants': { body: { tenants, total: tenants.length } },
    'DELETE /api/v1/namespaces/ns-beta/tenants/beta': { status: 204 },
  });
}

const table = () => screen.getByRole('table', { name: 'Tenants' });
const row = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => rowTexts(r)[0] === name) as HTMLElement;

describe('tenants list', () => {
  it('shows the columns of §2.3, the health colour of each tenant, and filters by the search', async () => {
    mockTenants();
    const { user } = renderApp('/tenants');
    expect(await screen.findByRole('heading', { name: 'Tenants', level: 1 })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Tenants' });
    const { header, rows } = await tableTexts(table, 3);
    expect(header).toEqual(['Name', 'Namespace', 'Capacity', '# of Pools', 'State', 'Actions']);
    expect(rows[1]?.slice(0, 5)).toEqual(['beta', 'ns-beta', '4.0 TiB', '2', 'Provisioning']);
    expect(within(row('alpha')).getByRole('img', { name: 'Health: Green' })).toBeInTheDocument();
    expect(within(row('beta')).getByRole('img', { name: 'Health: Red' })).toBeInTheDocument();
    // Spec 002 §4: anything but red, yellow or green is grey.
    expect(within(row('gamma')).getByRole('img', { name: 'Health: Grey' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search Tenants' }), 'shared');
    await tableTexts(table, 1);
    expect(row('gamma')).toBeInTheDocument();
  });

  it('links view to the tenant detail and Create Tenant to the wizard, and refreshes', async () => {
    const api = mockTenants();
    const { user } = renderApp('/tenants');
    await screen.findByRole('table', { name: 'Tenants' });
    expect(within(row('alpha')).getByRole('link', { name: 'View tenant alpha' })).toHaveAttribute(
      'href',
      '/namespaces/ns-alpha/tenants/alpha',
    );
    expect(screen.getByRole('link', { name: 'Create Tenant' })).toHaveAttribute('href', '/tenants/add');
    const before = api.callsTo('GET /api/v1/tenants').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/tenants').length).toBe(before + 1));
  });

  it('deletes a tenant only after its name is retyped, with its volumes when asked', async () => {
    const api = mockTenants();
    const { user } = renderApp('/tenants');
    await screen.findByRole('table', { name: 'Tenants' });
    await user.click(within(row('beta')).getByRole('button', { name: 'Delete tenant beta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Tenant' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: 'Tenant name' });
    await user.type(name, 'bet');
    expect(within(dialog).getByText('Tenant name is incorrect')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.type(name, 'a');
    expect(within(dialog).queryByText('Tenant name is incorrect')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Delete the volumes/ }));
    await user.click(confirm);
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/v1/namespaces/ns-beta/tenants/beta')).toHaveLength(1),
    );
    expect(api.callsTo('DELETE /api/v1/namespaces/ns-beta/tenants/beta')[0]?.body).toEqual({
      delete_pvcs: true,
    });
    expect(await screen.findByText('Tenant Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failed delete inside the dialog and keeps it open', async () => {
    const api = mockTenants();
    api.set('DELETE /api/v1/namespaces/ns-beta/tenants/beta', {
      status: 403,
      body: { message: 'forbidden', detailedMessage: 'tenants.minio.min.io "beta" is forbidden' },
    });
    const { user } = renderApp('/tenants');
    await screen.findByRole('table', { name: 'Tenants' });
    await user.click(within(row('beta')).getByRole('button', { name: 'Delete tenant beta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Tenant' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tenant name' }), 'beta');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/is forbidden/)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/namespaces/ns-beta/tenants/beta')[0]?.body).toEqual({
      delete_pvcs: false,
    });
  });

  it('disables Create Tenant and delete for a read-only token and says why', async () => {
    const api = mockTenants(operatorSession(NO_RIGHTS));
    for (const ns of ['ns-alpha', 'ns-beta', 'shared'])
      api.set(`GET /api/v1/namespaces/${ns}/permissions`, { body: NO_RIGHTS });
    renderApp('/tenants');
    await screen.findByRole('table', { name: 'Tenants' });
    const create = screen.getByRole('link', { name: 'Create Tenant' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription('This token is read-only: it may not create tenants');
    await waitFor(() =>
      expect(within(row('alpha')).getByRole('button', { name: 'Delete tenant alpha' })).toBeDisabled(),
    );
    expect(
      within(row('alpha')).getByRole('button', { name: 'Delete tenant alpha' }),
    ).toHaveAccessibleDescription('This token is read-only: it may not delete tenants');
  });

  it('enables delete in a namespace where a namespace-scoped role allows it', async () => {
    const rights = { ...NO_RIGHTS, readOnly: false };
    const api = mockTenants(operatorSession(rights));
    api.set('GET /api/v1/namespaces/ns-alpha/permissions', { body: { ...rights, deleteTenant: true } });
    api.set('GET /api/v1/namespaces/ns-beta/permissions', { body: rights });
    api.set('GET /api/v1/namespaces/shared/permissions', { body: rights });
    renderApp('/tenants');
    await screen.findByRole('table', { name: 'Tenants' });
    await waitFor(() =>
      expect(within(row('beta')).getByRole('button', { name: 'Delete tenant beta' })).toBeDisabled(),
    );
    expect(
      within(row('beta')).getByRole('button', { name: 'Delete tenant beta' }),
    ).toHaveAccessibleDescription('This token may not delete tenants');
    expect(within(row('alpha')).getByRole('button', { name: 'Delete tenant alpha' })).toBeEnabled();
  });
});
