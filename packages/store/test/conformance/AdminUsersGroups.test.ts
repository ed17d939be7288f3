import { MadminClient } from '@stowage/madmin';
import { ROOT, signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { code } from '../support/outcome.js';

// Users and groups through the admin API, driven by packages/madmin (madmin-protocol.md
// §3.2, §3.3): encrypted bodies both ways, exact statuses, MinIO's error codes.

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(() => t.close());

describe('admin users', () => {
  it('adds, lists, describes, disables and removes a user', async () => {
    await admin.users.add('alice', 'alice-secret-1');
    expect(await admin.users.list()).toEqual({
      alice: { status: 'enabled', updatedAt: '0001-01-01T00:00:00Z' },
    });
    await admin.users.setStatus('alice', 'disabled');
    expect(await admin.users.info('alice')).toMatchObject({ status: 'disabled' });
    await admin.users.remove('alice');
    expect(await code(admin.users.info('alice'))).toBe('404 XMinioAdminNoSuchUser');
    expect(await code(admin.users.remove('alice'))).toBe('404 XMinioAdminNoSuchUser');
  });

  it('refuses bad keys, the root key and names with surrounding whitespace', async () => {
    expect(await code(admin.users.add('ab', 'long-enough-secret'))).toBe('400 XMinioAdminInvalidAccessKey');
    expect(await code(admin.users.add('bob', 'short'))).toBe('400 XMinioAdminInvalidSecretKey');
    expect(await code(admin.users.add('bob', 'x'.repeat(41)))).toBe('400 XMinioAdminInvalidSecretKey');
    expect(await code(admin.users.add(ROOT.accessKey, 'another-secret'))).toBe(
      '403 XMinioInvalidIAMCredentials',
    );
    expect(await code(admin.users.add(' bob', 'long-enough-secret'))).toBe('400 XMinioInvalidResource');
    expect(await code(admin.users.setStatus(ROOT.accessKey, 'disabled'))).toBe('400 InvalidRequest');
    expect(await admin.users.list()).toEqual({});
  });

  it('lets a user change its own password but not its status or anyone else', async () => {
    await admin.users.add('carol', 'carol-secret-1');
    const carol = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'carol', secretKey: 'carol-secret-1' },
    });
    expect(await carol.users.info('carol')).toMatchObject({ status: 'enabled' });
    expect(await code(carol.users.info('dave'))).toBe('403 AccessDenied');
    expect(await code(carol.users.list())).toBe('403 AccessDenied');
    await carol.users.add('carol', 'carol-secret-2', 'enabled');
    const renewed = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'carol', secretKey: 'carol-secret-2' },
    });
    expect(await renewed.users.info('carol')).toMatchObject({ status: 'enabled' });
    expect(await code(carol.users.info('carol'))).toBe('403 SignatureDoesNotMatch');
    await admin.users.remove('carol');
  });

  it('needs Content-Length on add-user and a body encrypted with the caller secret', async () => {
    const chunked = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/minio/admin/v3/add-user?accessKey=erin',
      body: Buffer.from('{"secretKey":"erin-secret-1","status":"enabled"}'),
      chunked: true,
    });
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body).Code).toBe('XMinioAdminConfigTooLarge');
    const plain = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/minio/admin/v3/add-user?accessKey=erin',
      body: Buffer.from('{"secretKey":"erin-secret-1","status":"enabled"}'),
    });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.body).Code).toBe('XMinioAdminConfigBadJSON');
    expect(await admin.users.list()).toEqual({});
  });

  it('answers 426 XMinioAdminVersionMismatch when a required query key is missing', async () => {
    const res = await signedRequest(t.store.port, { method: 'GET', path: '/minio/admin/v3/user-info' });
    expect(res.status).toBe(426);
    expect(JSON.parse(res.body).Code).toBe('XMinioAdminVersionMismatch');
  });
});

describe('admin groups', () => {
  it('creates a group by adding members, reports it, and removes it once empty', async () => {
    await admin.users.add('gina', 'gina-secret-1');
    await admin.users.add('hank', 'hank-secret-1');
    await admin.groups.updateMembers({ group: 'devs', members: ['gina', 'hank'], isRemove: false });
    expect(await admin.groups.list()).toEqual(['devs']);
    expect(await admin.groups.describe('devs')).toMatchObject({
      name: 'devs',
      status: 'enabled',
      members: ['gina', 'hank'],
      policy: '',
    });
    expect(await admin.users.info('gina')).toMatchObject({ memberOf: ['devs'] });
    await admin.groups.setStatus('devs', 'disabled');
    expect((await admin.groups.describe('devs')).status).toBe('disabled');

    expect(await code(admin.groups.updateMembers({ group: 'devs', members: [], isRemove: true }))).toBe(
      '400 XMinioAdminGroupNotEmpty',
    );
    await admin.groups.updateMembers({ group: 'devs', members: ['gina', 'hank'], isRemove: true });
    await admin.groups.updateMembers({ group: 'devs', members: [], isRemove: true });
    expect(await admin.groups.list()).toEqual([]);
    expect(await code(admin.groups.describe('devs'))).toBe('404 XMinioAdminNoSuchGroup');
  });

  it('refuses unknown members and groups, and names with whitespace', async () => {
    expect(
      await code(admin.groups.updateMembers({ group: 'ops', members: ['nobody'], isRemove: false })),
    ).toBe('404 XMinioAdminNoSuchUser');
    expect(
      await code(admin.groups.updateMembers({ group: 'ops ', members: ['gina'], isRemove: false })),
    ).toBe('400 XMinioInvalidResource');
    expect(await code(admin.groups.setStatus('ops', 'enabled'))).toBe('404 XMinioAdminNoSuchGroup');
    expect(await admin.groups.list()).toEqual([]);
  });

  it('drops a removed user from its groups', async () => {
    await admin.groups.updateMembers({ group: 'ops', members: ['gina', 'hank'], isRemove: false });
    await admin.users.remove('hank');
    expect((await admin.groups.describe('ops')).members).toEqual(['gina']);
  });
});

describe('IAM persistence', () => {
  it('keeps users, groups and mappings across a restart', async () => {
    await admin.policies.set(['readonly'], 'gina', false);
    await t.store.close();
    const reopened = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
    try {
      const again = new MadminClient({ endpoint: reopened.url, credentials: ROOT });
      expect(await again.users.info('gina')).toMatchObject({ policyName: 'readonly', memberOf: ['ops'] });
      expect((await again.groups.describe('ops')).members).toEqual(['gina']);
    } finally {
      t.store = reopened;
    }
  });
});
