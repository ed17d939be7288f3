import { describe, expect, test } from 'vitest';
import type { HopSession } from '../services/tenants/hop-sessions.js';
import type { Session } from '../session/store.js';
import { checkChange } from './tenant-proxy.js';

const session = { csrfToken: 'operator-token' } as Session;
const target = { console: { origin: 'http://c' }, minio: { origin: 'http://m' } };
const stowageTenant: HopSession = {
  cookie: 'token=t',
  csrfToken: 'tenant-token',
  writable: true,
  expiresAt: 1,
  target,
};
/** MinIO's console: no CSRF tokens at all. */
const minioTenant: HopSession = { cookie: 'token=t', writable: true, expiresAt: 1, target };

const attempt = (hop: HopSession, headers: Record<string, string>) => () =>
  checkChange({ headers }, session, hop, 'ns-a');

describe('which changes the tenant proxy lets through', () => {
  test("the tenant console's own token or the operator's", () => {
    expect(attempt(stowageTenant, { 'x-csrf-token': 'tenant-token' })).not.toThrow();
    expect(attempt(stowageTenant, { 'x-csrf-token': 'operator-token' })).not.toThrow();
    expect(attempt(stowageTenant, { 'x-csrf-token': 'guess' })).toThrow('invalid CSRF token');
    expect(attempt(stowageTenant, {})).toThrow('invalid CSRF token');
    expect(attempt(stowageTenant, { origin: 'http://operator' })).toThrow('invalid CSRF token');
  });

  test('a tenant console without tokens: a page of this origin, never a cross-site one', () => {
    expect(
      attempt(minioTenant, { origin: 'http://operator', 'sec-fetch-site': 'same-origin' }),
    ).not.toThrow();
    expect(attempt(minioTenant, { 'x-csrf-token': 'operator-token' })).not.toThrow();
    expect(attempt(minioTenant, {})).toThrow('invalid CSRF token');
    expect(attempt(minioTenant, { origin: 'http://operator', 'sec-fetch-site': 'cross-site' })).toThrow(
      'invalid CSRF token',
    );
    expect(attempt(minioTenant, { origin: 'http://operator', 'x-csrf-token': 'guess' })).toThrow(
      'invalid CSRF token',
    );
  });

  test("a read-only operator's change is refused, with the reason", () => {
    const readOnly = { ...stowageTenant, writable: false };
    expect(attempt(readOnly, { 'x-csrf-token': 'tenant-token' })).toThrow('forbidden');
  });
});
