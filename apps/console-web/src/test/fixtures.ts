import type { AuditRecord, Bucket, SessionResponse } from '@stowage/contract';

export const ALL_CONSOLE_PAGES = [
  '/dashboard',
  '/metrics',
  '/buckets',
  '/buckets/*',
  '/jobs',
  '/watch',
  '/users',
  '/users/:userName',
  '/groups',
  '/policies',
  '/policies/*',
  '/policies/simulator',
  '/heal',
  '/trace',
  '/logs',
  '/health-info',
  '/settings',
  '/account',
  '/account/change-password',
  '/share-links',
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

export const auditRecord = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  time: '2026-11-28T10:00:00.000Z',
  api_name: 'PutObject',
  bucket: 'photos',
  object: 'a.jpg',
  remote_host: '10.0.0.1',
  request_id: '17A0',
  user_agent: 'mc',
  response_status: 'OK',
  response_status_code: 200,
  request_content_length: 5,
  response_content_length: 0,
  time_to_response_ns: 1500,
  ...over,
});
