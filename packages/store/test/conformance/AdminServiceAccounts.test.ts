import {
  assumeRole,
  MadminClient,
  type PolicyDocument,
  type UpdateServiceAccountRequest,
} from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// Service accounts through the admin API (madmin-protocol.md §3.5): one's own without admin
// rights, another user's with them; encrypted both ways; 204 where madmin expects it.

let t: TestStore;
let admin: MadminClient;
let una: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await admin.users.add('una', 'una-secret-1');
  await admin.users.add('vic', 'vic-secret-1');
  await admin.policies.set(['readwrite'], 'una', false);
  una = new MadminClient({
    endpoint: t.store.url,
    credentials: { accessKey: 'una', secretKey: 'una-secret-1' },
  });
});
afterAll(() => t.close());

describe('admin service accounts', () => {
  it('generates MinIO-shaped keys for one own account and lists it', async () => {
    const made = await una.serviceAccounts.add({ comment: 'ci' });
    expect(made.accessKey).toMatch(/^[0-9A-Z]{20}$/);
    expect(made.secretKey).toMatch(/^[A-Za-z0-9+]{40}$/);
    expect(made.expiration).toBe('0001-01-01T00:00:00Z');
    expect(await una.serviceAccounts.list()).toEqual([made.accessKey]);
    expect(await admin.serviceAccounts.list('una')).toEqual([made.accessKey]);
    expect(await admin.serviceAccounts.list()).toEqual([]);
    const info = await una.serviceAccounts.info(made.accessKey);
    expect(info).toMatchObject({
      parentUser: 'una',
      accountStatus: 'on',
      impliedPolicy: true,
      comment: 'ci',
    });
    // An implied policy is reported as the parent's.
    expect(JSON.parse(info.policy).Statement).toEqual([
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
    ]);
  });

  it('updates the policy, secret, status and comment (204), and deletes (204)', async () => {
    const { accessKey } = await una.serviceAccounts.add({
      accessKey: 'una-key-2',
      secretKey: 'una-key-2-secret',
    });
    const policy: PolicyDocument = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::logs/*'] }],
    };
    await una.serviceAccounts.update(accessKey, {
      newPolicy: policy,
      newStatus: 'off',
      newComment: 'paused',
    });
    const info = await una.serviceAccounts.info(accessKey);
    expect(info).toMatchObject({ accountStatus: 'off', impliedPolicy: false, comment: 'paused' });
    expect(JSON.parse(info.policy)).toEqual(policy);
    await una.serviceAccounts.update(accessKey, { newPolicy: {}, newStatus: 'enabled' });
    expect(await una.serviceAccounts.info(accessKey)).toMatchObject({
      accountStatus: 'on',
      impliedPolicy: true,
    });
    await una.serviceAccounts.delete(accessKey);
    expect(await code(una.serviceAccounts.info(accessKey))).toBe('404 XMinioInvalidIAMCredentials');
    expect(await code(una.serviceAccounts.delete(accessKey))).toBe('404 XMinioInvalidIAMCredentials');
  });

  it("keeps users out of each other's accounts; administrators may manage any", async () => {
    const vics = await admin.serviceAccounts.add({ targetUser: 'vic' });
    expect(await admin.serviceAccounts.list('vic')).toEqual([vics.accessKey]);
    expect(await code(una.serviceAccounts.info(vics.accessKey))).toBe('403 AccessDenied');
    // MinIO hides another user's account from a delete.
    expect(await code(una.serviceAccounts.delete(vics.accessKey))).toBe('404 XMinioInvalidIAMCredentials');
    expect(await code(una.serviceAccounts.list('vic'))).toBe('403 AccessDenied');
    expect(await code(una.serviceAccounts.add({ targetUser: 'vic' }))).toBe('403 AccessDenied');
    await admin.serviceAccounts.delete(vics.accessKey);
  });

  it('refuses taken keys, bad policies and expired expirations; a service account cannot make more', async () => {
    expect(await code(una.serviceAccounts.add({ accessKey: 'vic', secretKey: 'vic-secret-99' }))).toBe(
      '403 XMinioIAMActionNotAllowed',
    );
    expect(await code(una.serviceAccounts.add({ policy: { Statement: [] } }))).toBe('400 MalformedPolicy');
    expect(await code(una.serviceAccounts.add({ expiration: '2001-01-01T00:00:00Z' }))).toBe(
      '400 InvalidArgument',
    );
    const key = await una.serviceAccounts.add({});
    const asKey = new MadminClient({ endpoint: t.store.url, credentials: key });
    expect(await code(asKey.serviceAccounts.add({}))).toBe('403 XMinioIAMActionNotAllowed');
    // ...and a user cannot take a service account's key.
    expect(await code(admin.users.add(key.accessKey, 'some-secret-1'))).toBe(
      '403 XMinioInvalidIAMCredentials',
    );
  });

  it('expires an account at its expiration', async () => {
    const soon = new Date(Date.now() + 1500);
    const key = await una.serviceAccounts.add({ expiration: soon.toISOString() });
    expect(key.expiration).toBe(soon.toISOString());
    const asKey = new MadminClient({ endpoint: t.store.url, credentials: key });
    expect((await asKey.accountInfo()).AccountName).toBe('una');
    await new Promise((r) => setTimeout(r, 1600));
    expect(await code(asKey.accountInfo())).toBe('403 InvalidAccessKeyId');
  });

  it('a narrowed credential manages no access keys on its own: only what its policy allows', async () => {
    const readOnly: PolicyDocument = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::*'] }],
    };
    const limited = await una.serviceAccounts.add({ policy: readOnly });
    const sibling = await una.serviceAccounts.add({});
    const asLimited = new MadminClient({ endpoint: t.store.url, credentials: limited });
    // Widening itself, or taking a sibling's secret, would give it una's rights back.
    expect(await code(asLimited.serviceAccounts.update(limited.accessKey, { newPolicy: {} }))).toBe(
      '403 AccessDenied',
    );
    expect(
      await code(
        asLimited.serviceAccounts.update(sibling.accessKey, { newSecretKey: 'taken-over-secret-1' }),
      ),
    ).toBe('403 AccessDenied');
    expect(await code(asLimited.serviceAccounts.list())).toBe('403 AccessDenied');
    const unaKeys = { accessKey: 'una', secretKey: 'una-secret-1' };
    const session = await assumeRole({
      endpoint: t.store.url,
      credentials: unaKeys,
      policy: JSON.stringify(readOnly),
    });
    const asSession = new MadminClient({ endpoint: t.store.url, credentials: session });
    expect(await code(asSession.serviceAccounts.add({}))).toBe('403 AccessDenied');
    // Una's own session, not narrowed (how the console signs her in), still manages her keys.
    const full = new MadminClient({
      endpoint: t.store.url,
      credentials: await assumeRole({ endpoint: t.store.url, credentials: unaKeys }),
    });
    const made = await full.serviceAccounts.add({});
    expect(await una.serviceAccounts.list()).toContain(made.accessKey);
    await full.serviceAccounts.update(made.accessKey, { newComment: 'mine' });
  });

  it("a holder of admin:CreateServiceAccount and admin:UpdateServiceAccount cannot make or change root's keys", async () => {
    await admin.users.add('sam', 'sam-secret-1');
    await admin.policies.add('service-account-admin', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: [
            'admin:CreateServiceAccount',
            'admin:UpdateServiceAccount',
            'admin:ListServiceAccounts',
            'admin:RemoveServiceAccount',
          ],
          Resource: ['arn:minio:admin:::*'],
        },
      ],
    });
    await admin.policies.set(['service-account-admin'], 'sam', false);
    const sam = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'sam', secretKey: 'sam-secret-1' },
    });
    // A key for root would be root.
    expect(await code(sam.serviceAccounts.add({ targetUser: ROOT.accessKey }))).toBe('403 AccessDenied');
    expect(await admin.serviceAccounts.list()).toEqual([]);
    // Nor may sam take over a key root made: not its secret, policy or status.
    const roots = await admin.serviceAccounts.add({ comment: 'root automation' });
    const changes: UpdateServiceAccountRequest[] = [
      { newSecretKey: 'taken-over-secret-1' },
      { newPolicy: {} },
      { newStatus: 'off' },
      { newComment: 'mine now' },
    ];
    for (const change of changes)
      expect(await code(sam.serviceAccounts.update(roots.accessKey, change)), JSON.stringify(change)).toBe(
        '403 AccessDenied',
      );
    const asRootKey = new MadminClient({ endpoint: t.store.url, credentials: roots });
    expect((await asRootKey.accountInfo()).AccountName).toBe(ROOT.accessKey);
    expect(await admin.serviceAccounts.info(roots.accessKey)).toMatchObject({
      accountStatus: 'on',
      comment: 'root automation',
    });
    // Root still manages its own keys; sam still manages other users' (an admin right).
    await admin.serviceAccounts.update(roots.accessKey, { newComment: 'changed by root' });
    const vics = await sam.serviceAccounts.add({ targetUser: 'vic' });
    await sam.serviceAccounts.update(vics.accessKey, { newStatus: 'off' });
    // Reading and removing follow MinIO: listing and info show no secret; removal is no takeover.
    expect(await sam.serviceAccounts.list(ROOT.accessKey)).toEqual([roots.accessKey]);
    await sam.serviceAccounts.delete(roots.accessKey);
    await sam.serviceAccounts.delete(vics.accessKey);
  });

  it('removes a user with its service accounts', async () => {
    await admin.users.remove('una');
    expect(await admin.serviceAccounts.list('una')).toEqual([]);
  });
});
