import type { TenantSecurity } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { expiryState } from './CertificateChips.js';
import { BASE, NS, RIGHTS_ROUTE, renderTab, rights, TENANT } from './renderTab.test-support.js';
import { SecurityTab } from './SecurityTab.js';

const DAY = 86_400_000;
const cert = (name: string, inDays: number, domains = ['minio.tenant-ns.svc']) => ({
  name,
  serialNumber: '01',
  domains,
  expiry: new Date(Date.now() + inDays * DAY).toISOString(),
});
const security: TenantSecurity = {
  autoCert: true,
  customCertificates: {
    minio: [cert('tenant-a-cert-1', 400), cert('tenant-a-cert-2', 10)],
    minioCAs: [cert('tenant-a-ca-1', -3, [])],
  },
};

function mockSecurity(readOnly = false) {
  return mockApi({
    [RIGHTS_ROUTE]: rights(readOnly),
    [`GET ${BASE}/security`]: { body: security },
    [`POST ${BASE}/security`]: { status: 204 },
  });
}

const pem = (name: string) =>
  new File(['-----BEGIN CERTIFICATE-----\nAAA\n'], name, { type: 'application/x-pem-file' });

describe('Security tab', () => {
  it('shows each certificate with its domains and expiry, flagging expired and soon-to-expire ones', async () => {
    mockSecurity();
    renderTab(<SecurityTab namespace={NS} tenant={TENANT} />, '/security');
    const valid = await screen.findByRole('group', { name: 'tenant-a-cert-1' });
    expect(valid).toHaveAttribute('data-expiry', 'valid');
    expect(within(valid).getByText('Domains: minio.tenant-ns.svc')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'tenant-a-cert-2' })).toHaveAttribute('data-expiry', 'soon');
    const expired = screen.getByRole('group', { name: 'tenant-a-ca-1' });
    expect(expired).toHaveAttribute('data-expiry', 'expired');
    expect(within(expired).getByText(/^Expired /)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Enable AutoCert/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Custom Certificates' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('removing a chip queues its secret; new pairs and CAs are sent base64-encoded', async () => {
    const api = mockSecurity();
    const { user } = renderTab(<SecurityTab namespace={NS} tenant={TENANT} />, '/security');
    await user.click(await screen.findByRole('button', { name: 'Remove certificate tenant-a-cert-2' }));
    expect(screen.queryByRole('group', { name: 'tenant-a-cert-2' })).not.toBeInTheDocument();
    expect(screen.getByText('Removed on Save: tenant-a-cert-2')).toBeInTheDocument();
    const [crt, key, ca] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect(crt).toHaveAttribute('accept', '.cer,.crt,.cert,.pem');
    expect(key).toHaveAttribute('accept', '.key,.pem');
    await user.upload(crt!, pem('public.crt'));
    await user.upload(key!, pem('private.key'));
    await user.upload(ca!, pem('ca.pem'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: /Enable AutoCert/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/security`)).toHaveLength(1));
    const encoded = btoa('-----BEGIN CERTIFICATE-----\nAAA\n');
    expect(api.callsTo(`POST ${BASE}/security`)[0]?.body).toEqual({
      autoCert: false,
      customCertificates: {
        secretsToBeDeleted: ['tenant-a-cert-2'],
        minio: [{ crt: encoded, key: encoded }],
        minioCAs: [encoded],
      },
    });
    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    // The form starts again from the tenant's answer.
    await waitFor(() => expect(api.callsTo(`GET ${BASE}/security`)).toHaveLength(2));
  });

  it('switching custom certificates off queues every existing certificate secret', async () => {
    const api = mockSecurity();
    const { user } = renderTab(<SecurityTab namespace={NS} tenant={TENANT} />, '/security');
    await user.click(await screen.findByRole('switch', { name: 'Custom Certificates' }));
    expect(screen.queryByRole('group', { name: 'tenant-a-cert-1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/security`)).toHaveLength(1));
    expect(api.callsTo(`POST ${BASE}/security`)[0]?.body).toEqual({
      autoCert: true,
      customCertificates: {
        secretsToBeDeleted: ['tenant-a-cert-1', 'tenant-a-cert-2', 'tenant-a-ca-1'],
        minio: [],
        minioCAs: [],
      },
    });
  });

  it('a certificate row stays when it is the only one; Add more adds another', async () => {
    mockSecurity();
    const { user } = renderTab(<SecurityTab namespace={NS} tenant={TENANT} />, '/security');
    const removeRows = async () => screen.findAllByRole('button', { name: 'Remove this row' });
    expect((await removeRows())[0]).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: 'Add more' })[0]!);
    expect(screen.getAllByLabelText('Certificate')).toHaveLength(2);
    expect((await removeRows())[0]).toBeEnabled();
  });

  it('a read-only token sees every control disabled, with the reason', async () => {
    mockSecurity(true);
    renderTab(<SecurityTab namespace={NS} tenant={TENANT} />, '/security');
    await waitFor(() => expect(screen.getByRole('switch', { name: /Enable AutoCert/ })).toBeDisabled());
    expect(screen.getAllByText('Your access token may not change this tenant').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Remove certificate tenant-a-cert-1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('expiryState', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('tells expired, soon (30 days), valid and unreadable apart', () => {
    expect(expiryState('2025-12-31T23:59:59Z', now)).toBe('expired');
    expect(expiryState('2026-01-30T00:00:00Z', now)).toBe('soon');
    expect(expiryState('2026-03-01T00:00:00Z', now)).toBe('valid');
    expect(expiryState('', now)).toBe('unknown');
  });
});
