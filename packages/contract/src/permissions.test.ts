import { describe, expect, test } from 'vitest';
import {
  actionMatches,
  allowedPages,
  CONSOLE_PAGES,
  LDAP_HIDDEN_PAGES,
  OPERATOR_PAGES,
} from './permissions.js';

describe('actionMatches', () => {
  test.each([
    ['admin:*', 'admin:ServerInfo', true],
    ['s3:*', 'admin:ServerInfo', false],
    ['*', 's3:GetObject', true],
    ['s3:Get*', 's3:GetObject', true],
    ['s3:Get*', 's3:PutObject', false],
    ['s3:GetObjec?', 's3:GetObject', true],
    ['admin:ServerInfo', 'admin:*', false],
    ['s3:getobject', 's3:GetObject', true],
    ['s3:Get.bject', 's3:GetObject', false],
  ])('%s vs %s -> %s', (pattern, action, expected) => {
    expect(actionMatches(pattern, action)).toBe(expected);
  });
});

describe('allowedPages', () => {
  test('consoleAdmin (admin:* and s3:*) sees every console page', () => {
    const pages = allowedPages(CONSOLE_PAGES, { allow: ['admin:*', 'kms:*', 's3:*'], deny: [] });
    expect(pages).toEqual(Object.keys(CONSOLE_PAGES));
  });

  test('readonly (s3:GetBucketLocation, s3:GetObject) sees only the pages without rules', () => {
    const pages = allowedPages(CONSOLE_PAGES, { allow: ['s3:GetBucketLocation', 's3:GetObject'], deny: [] });
    expect(pages).toEqual(['/account', '/account/change-password', '/share-links', '/license']);
  });

  test('a page needs all of its listed actions unless its type shortcut is granted', () => {
    const some = allowedPages(CONSOLE_PAGES, {
      allow: ['admin:ListGroups', 'admin:AddUserToGroup'],
      deny: [],
    });
    expect(some).not.toContain('/groups');
    const all = allowedPages(CONSOLE_PAGES, {
      allow: [
        'admin:ListGroups',
        'admin:AddUserToGroup',
        'admin:EnableGroup',
        'admin:DisableGroup',
        'admin:ServerInfo',
      ],
      deny: [],
    });
    expect(all).toEqual(expect.arrayContaining(['/groups', '/dashboard', '/metrics']));
    expect(all).not.toContain('/users');
  });

  test('wildcards in the policy count: s3:* grants buckets, admin:Get* does not grant users', () => {
    const pages = allowedPages(CONSOLE_PAGES, { allow: ['s3:*', 'admin:Get*'], deny: [] });
    expect(pages).toContain('/buckets');
    expect(pages).not.toContain('/users');
  });

  test('an unconditional deny removes a page that an allow would grant', () => {
    const pages = allowedPages(CONSOLE_PAGES, { allow: ['admin:*', 's3:*'], deny: ['admin:ServerInfo'] });
    expect(pages).not.toContain('/dashboard');
    expect(pages).toContain('/users');
  });

  test('LDAP hides users and groups; operator mode allows every operator page', () => {
    const pages = allowedPages(CONSOLE_PAGES, { allow: ['admin:*', 's3:*'], deny: [] }, LDAP_HIDDEN_PAGES);
    expect(pages).not.toContain('/users');
    expect(pages).not.toContain('/groups');
    expect(allowedPages(OPERATOR_PAGES, { allow: [], deny: [] })).toEqual(Object.keys(OPERATOR_PAGES));
  });
});
