import { describe, expect, it } from 'vitest';
import { parseAdminRequest } from './router.js';

describe('parseAdminRequest', () => {
  it('routes accountinfo', () => {
    expect(parseAdminRequest('GET', '/minio/admin/v3/accountinfo', [])).toEqual({
      op: 'AccountInfo',
      prefixUsage: false,
    });
    expect(parseAdminRequest('GET', '/minio/admin/v3/accountinfo', [['prefix-usage', 'true']])).toEqual({
      op: 'AccountInfo',
      prefixUsage: true,
    });
  });

  it('knows nothing else yet: wrong method, unknown path, old version', () => {
    expect(parseAdminRequest('POST', '/minio/admin/v3/accountinfo', [])).toBeUndefined();
    expect(parseAdminRequest('GET', '/minio/admin/v3/list-users', [])).toBeUndefined();
    expect(parseAdminRequest('GET', '/minio/admin/v2/accountinfo', [])).toBeUndefined();
  });
});
