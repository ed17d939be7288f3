import { describe, expect, it } from 'vitest';
import { parseAdminRequest } from './router.js';

const A = '/minio/admin/v3';

describe('parseAdminRequest', () => {
  it('routes accountinfo', () => {
    expect(parseAdminRequest('GET', `${A}/accountinfo`, [])).toEqual({
      op: 'AccountInfo',
      prefixUsage: false,
    });
    expect(parseAdminRequest('GET', `${A}/accountinfo`, [['prefix-usage', 'true']])).toEqual({
      op: 'AccountInfo',
      prefixUsage: true,
    });
  });

  it('answers nothing for a wrong method, an unknown path or an old version (426)', () => {
    expect(parseAdminRequest('POST', `${A}/accountinfo`, [])).toBeUndefined();
    expect(parseAdminRequest('GET', `${A}/no-such-call`, [])).toBeUndefined();
    expect(parseAdminRequest('GET', '/minio/admin/v2/accountinfo', [])).toBeUndefined();
  });

  it('needs the query keys MinIO requires, present even when empty', () => {
    expect(parseAdminRequest('GET', `${A}/user-info`, [])).toBeUndefined();
    expect(parseAdminRequest('GET', `${A}/user-info`, [['accessKey', '']])).toEqual({
      op: 'UserInfo',
      accessKey: '',
    });
    expect(parseAdminRequest('PUT', `${A}/set-user-status`, [['accessKey', 'bob']])).toBeUndefined();
    expect(
      parseAdminRequest('PUT', `${A}/set-user-status`, [
        ['accessKey', 'bob'],
        ['status', 'disabled'],
      ]),
    ).toEqual({ op: 'SetUserStatus', accessKey: 'bob', status: 'disabled' });
  });

  it('reads set-user-or-group-policy: a comma list, isGroup strictly true or false', () => {
    const q = (isGroup: string): [string, string][] => [
      ['policyName', 'readonly, diag ,'],
      ['userOrGroup', 'devs'],
      ['isGroup', isGroup],
    ];
    expect(parseAdminRequest('PUT', `${A}/set-user-or-group-policy`, q('true'))).toEqual({
      op: 'SetPolicy',
      policies: ['readonly', 'diag'],
      entity: 'devs',
      isGroup: true,
    });
    expect(parseAdminRequest('PUT', `${A}/set-user-or-group-policy`, q('yes'))).toBeUndefined();
  });

  it('accepts info-canned-policy v1 and v=2 only', () => {
    expect(parseAdminRequest('GET', `${A}/info-canned-policy`, [['name', 'p']])).toEqual({
      op: 'PolicyInfo',
      name: 'p',
      v2: false,
    });
    expect(
      parseAdminRequest('GET', `${A}/info-canned-policy`, [
        ['name', 'p'],
        ['v', '2'],
      ]),
    ).toMatchObject({ v2: true });
    expect(
      parseAdminRequest('GET', `${A}/info-canned-policy`, [
        ['name', 'p'],
        ['v', '3'],
      ]),
    ).toBeUndefined();
  });

  it('keeps repeated policy-entities filters in order', () => {
    expect(
      parseAdminRequest('GET', `${A}/idp/builtin/policy-entities`, [
        ['user', 'b'],
        ['user', 'a'],
        ['policy', 'readonly'],
      ]),
    ).toEqual({ op: 'PolicyEntities', users: ['b', 'a'], groups: [], policies: ['readonly'] });
  });
});
