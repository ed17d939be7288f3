import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

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
