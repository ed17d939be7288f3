import type { Bucket, SessionResponse } from '@stowage/contract';

export const ALL_CONSOLE_PAGES = [
  '/dashboard',
  '/metrics',
  '/buckets',
  '/buckets/*',
  '/watch',
  '/users',
  '/users/:userName',
  '/groups',
  '/policies',
  '/policies/*',
  '/heal',
  '/trace',
  '/logs',
  '/health-info',
  '/settings',
  '/account',
  '/account/change-password',
  '/license',
];

export function session(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    status: 'ok',
    operator: false,
    distributedMode: true,
    pages: ALL_CONSOLE_PAGES,
    features: [],
    csrfToken: 'csrf-123',
    accessKey: 'admin',
    ...overrides,
  };
}

export function bucket(name: string, overrides: Partial<Bucket> = {}): Bucket {
  return {
    name,
    creation_date: '2024-03-05T14:07:00Z',
    size: 0,
    objects: 0,
    rw_access: { read: true, write: true },
    ...overrides,
  };
}
