import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { ALL_RIGHTS, operatorSession } from '../tenants/tenantFixtures.js';

function mockLicense(info: { status?: number; body?: unknown }) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/subscription/info': info,
  });
}

const SUBSCRIBED = {
  license: {
    plan: 'ENTERPRISE',
    organization: 'Acme Storage Ltd',
    storage_capacity: 10,
    expires_at: '2027-03-31T23:59:59Z',
    email: 'ops@acme.example',
  },
};

/** Every external link on the page carries ref=con, opens a new tab, and leaks no opener. */
function expectExternalLinks() {
  const main = screen.getByRole('main');
  const links = within(main)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('http'));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    expect(new URL(link.getAttribute('href')!).searchParams.get('ref')).toBe('con');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  return links;
}

const planColumn = (name: string) => {
  const table = screen.getByRole('table', { name: 'Plan comparison' });
  return within(table).getByRole('columnheader', { name: new RegExp(name) });
};

describe('licence page (console mode)', () => {
  it('without a subscription: the AGPL v3 with its full text, policy links and Community current', async () => {
    const api = mockLicense({ body: {} });
    const { user } = renderApp('/license');
    expect(await screen.findByRole('heading', { name: 'GNU Affero General Public License' })).toBeVisible();
    expect(api.callsTo('GET /api/v1/subscription/info')).toHaveLength(1);

    const links = expectExternalLinks();
    const hrefs = links.map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('https://min.io/compliance?ref=con');
    expect(hrefs).toContain('https://min.io/logo?ref=con');
    expect(screen.getByRole('link', { name: /Open Source Policy Compliance/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Trademark Policy/ })).toBeVisible();

    // The plan table: three plans, Community marked as the current one.
    expect(planColumn('Community')).toHaveAttribute('aria-current', 'true');
    expect(within(planColumn('Community')).getByText('Current Plan')).toBeVisible();
    expect(planColumn('Standard')).not.toHaveAttribute('aria-current');
    expect(screen.getAllByText('Current Plan')).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: 'Security + Policy Review' })).toBeVisible();
    expect(screen.getByText('$10/TB/month')).toBeVisible();
    expect(screen.getByText('Up to 5PB. No additional charges for capacity over 5PB')).toBeVisible();
    expect(screen.getByRole('link', { name: /Join Slack/ })).toHaveAttribute(
      'href',
      'https://slack.min.io/?ref=con',
    );
    expect(screen.getAllByRole('link', { name: /Subscribe/ }).map((a) => a.getAttribute('href'))).toEqual([
      'https://min.io/pricing?ref=con',
      'https://min.io/pricing?ref=con',
    ]);
    // Operator mode only (spec 002 §2.8).
    expect(screen.queryByText(/Activate/)).toBeNull();
    expect(screen.queryByText(/Refresh Licence/)).toBeNull();

    // The full text opens in a dialog.
    await user.click(screen.getByRole('button', { name: /Version 3/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'GNU Affero General Public License, Version 3',
    });
    expect(await within(dialog).findByText(/Version 3, 19 November 2007/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Remote Network Interaction/)).toBeInTheDocument();
  });

  it('with a subscription: the commercial licence details and its plan marked current', async () => {
    mockLicense({ body: SUBSCRIBED });
    renderApp('/license');
    expect(await screen.findByRole('heading', { name: 'Commercial License' })).toBeVisible();
    const details = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(details('Organization')).toBe('Acme Storage Ltd');
    // §9: 10 TB × 1099511627776 bytes.
    expect(details('Registered Capacity')).toBe('10.0 TiB');
    expect(details('Expiry Date')).toBe('2027-03-31');
    expect(details('Plan')).toBe('ENTERPRISE');
    expect(details('Requester')).toBe('ops@acme.example');
    expect(screen.queryByRole('heading', { name: 'GNU Affero General Public License' })).toBeNull();

    expect(planColumn('Enterprise')).toHaveAttribute('aria-current', 'true');
    expect(planColumn('Community')).not.toHaveAttribute('aria-current');
    const links = expectExternalLinks();
    expect(links.map((a) => a.getAttribute('href'))).toContain('https://subnet.min.io/support/?ref=con');
    expect(screen.getByRole('link', { name: /Login to SUBNET/ })).toBeVisible();
  });

  it('an unknown plan name counts as Standard', async () => {
    mockLicense({ body: { license: { ...SUBSCRIBED.license, plan: 'GOLD' } } });
    renderApp('/license');
    await screen.findByRole('heading', { name: 'Commercial License' });
    expect(planColumn('Standard')).toHaveAttribute('aria-current', 'true');
  });

  it('a failing subscription call is silent: the open-source licence shows', async () => {
    mockLicense({ status: 500, body: { message: 'boom', detailedMessage: 'boom' } });
    renderApp('/license');
    expect(await screen.findByRole('heading', { name: 'GNU Affero General Public License' })).toBeVisible();
    expect(screen.queryByText('boom')).toBeNull();
    expect(planColumn('Community')).toHaveAttribute('aria-current', 'true');
  });
});

describe('licence page (operator mode)', () => {
  const LICENSE = SUBSCRIBED.license;

  function mockOperator(
    extra: Parameters<typeof mockApi>[0] = {},
    permissions: Partial<typeof ALL_RIGHTS> = {},
    info: unknown = {},
  ) {
    return mockApi({
      'GET /api/v1/session': { body: operatorSession({ ...ALL_RIGHTS, ...permissions }) },
      'GET /api/v1/subscription/info': { body: info },
      ...extra,
    });
  }

  it('external links carry ref=op; Activate opens the dialog and a licence key activates', async () => {
    let activated = false;
    const api = mockOperator({
      'POST /api/v1/subscription/validate': () => {
        activated = true;
        return { body: LICENSE };
      },
    });
    api.set('GET /api/v1/subscription/info', () => ({ body: activated ? SUBSCRIBED : {} }));
    const { user } = renderApp('/license');
    await screen.findByRole('heading', { name: 'GNU Affero General Public License' });
    const hrefs = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('http'));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).searchParams.get('ref')).toBe('op');

    // The Activate link sits in the Standard column.
    const table = screen.getByRole('table', { name: 'Plan comparison' });
    const activate = within(table).getByRole('button', { name: 'Activate' });
    expect(activate.closest('td')?.querySelector('[data-plan="standard"]')).not.toBeNull();
    await user.click(activate);
    const dialog = await screen.findByRole('dialog', { name: 'Activate Product' });
    const keyForm = within(dialog).getByRole('form', { name: 'Activate with a license key' });
    const accountForm = within(dialog).getByRole('form', { name: 'Activate with a SUBNET account' });
    const first = within(keyForm).getByRole('button', { name: 'Activate' });
    expect(first).toBeDisabled();
    await user.type(within(keyForm).getByRole('textbox', { name: 'License Key' }), '   ');
    expect(first).toBeDisabled();
    expect(within(accountForm).getByRole('button', { name: 'Activate' })).toBeDisabled();
    await user.type(within(keyForm).getByRole('textbox', { name: 'License Key' }), 'eyJ.key.sig ');
    await user.click(first);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activate Product' })).toBeNull());
    expect(api.callsTo('POST /api/v1/subscription/validate')[0]?.body).toEqual({ license: 'eyJ.key.sig' });
    // The page shows the licence now in force.
    expect(await screen.findByRole('heading', { name: 'Commercial License' })).toBeVisible();
  });

  it('the SUBNET account path; a refusal is shown in the dialog and the fields are cleared', async () => {
    const api = mockOperator({
      'POST /api/v1/subscription/validate': {
        status: 502,
        body: {
          message: 'SUBNET refused the request',
          detailedMessage: 'SUBNET answered 401: bad credentials',
        },
      },
    });
    const { user } = renderApp('/license');
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Product' });
    const accountForm = within(dialog).getByRole('form', { name: 'Activate with a SUBNET account' });
    const email = within(accountForm).getByRole('textbox', { name: 'Email' });
    const password = within(accountForm).getByLabelText('Password');
    await user.type(email, 'ops@example.com');
    const second = within(accountForm).getByRole('button', { name: 'Activate' });
    expect(second).toBeDisabled();
    await user.type(password, 'wrong');
    await user.click(second);

    expect(await within(dialog).findByText('SUBNET answered 401: bad credentials')).toBeVisible();
    expect(api.callsTo('POST /api/v1/subscription/validate')[0]?.body).toEqual({
      email: 'ops@example.com',
      password: 'wrong',
    });
    expect(email).toHaveValue('');
    expect(password).toHaveValue('');
  });

  it('Refresh Licence next to Login to SUBNET renews; SUBNET out of reach is said', async () => {
    const api = mockOperator(
      {
        'POST /api/v1/subscription/refresh': {
          status: 503,
          body: {
            message: 'SUBNET cannot be reached; try again later',
            detailedMessage: 'http://127.0.0.1:9: connect ECONNREFUSED',
          },
        },
      },
      {},
      SUBSCRIBED,
    );
    const { user } = renderApp('/license');
    const refresh = await screen.findByRole('button', { name: 'Refresh Licence' });
    expect(screen.getByRole('link', { name: /Login to SUBNET/ })).toHaveAttribute(
      'href',
      'https://subnet.min.io/support/?ref=op',
    );
    await user.click(refresh);
    expect(
      await screen.findByText(
        /The license could not be refreshed: SUBNET cannot be reached; try again later/,
      ),
    ).toBeVisible();

    api.set('POST /api/v1/subscription/refresh', { body: LICENSE });
    await user.click(refresh);
    expect(await screen.findByText('The license was renewed with SUBNET')).toBeVisible();
    expect(api.callsTo('POST /api/v1/subscription/refresh')).toHaveLength(2);
  });

  it('a read-only token: Activate and Refresh Licence are disabled with the reason', async () => {
    mockOperator({}, { readOnly: true }, SUBSCRIBED);
    renderApp('/license');
    const refresh = await screen.findByRole('button', { name: 'Refresh Licence' });
    expect(refresh).toBeDisabled();
    expect(refresh).toHaveAccessibleDescription('This token is read-only: it may not change the license');
    expect(screen.getByRole('button', { name: 'Activate' })).toBeDisabled();
  });
});
