import { MadminClient, type PolicyDocument } from '@stowage/madmin';
import { ROOT, signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// Named policies and their mappings through the admin API (madmin-protocol.md §3.4).

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await admin.users.add('pat', 'pat-secret-1');
  await admin.groups.updateMembers({ group: 'auditors', members: ['pat'], isRemove: false });
});
afterAll(() => t.close());

const REPORTS: PolicyDocument = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::reports/*'] }],
};

describe('admin policies', () => {
  it('lists the canned policies, then custom ones, and describes them in v1 and v2', async () => {
    expect(Object.keys(await admin.policies.list())).toEqual([
      'readwrite',
      'readonly',
      'writeonly',
      'diagnostics',
      'consoleAdmin',
    ]);
    await admin.policies.add('reports-read', REPORTS);
    expect((await admin.policies.list())['reports-read']).toEqual(REPORTS);
    expect(await admin.policies.info('reports-read')).toEqual(REPORTS);
    const v2 = await admin.policies.infoV2('reports-read');
    expect(v2.Policy).toEqual(REPORTS);
    expect(Date.parse(v2.CreateDate ?? '')).toBeGreaterThan(0);
    expect(await code(admin.policies.info('nothing'))).toBe('404 XMinioAdminNoSuchPolicy');
  });

  it('refuses malformed documents with MinIO codes, and leaves the old one', async () => {
    expect(await code(admin.policies.add('bad', '{"Statement":[]}'))).toBe('400 MalformedPolicy');
    expect(
      await code(admin.policies.add('bad', '{"Version":"2012-10-17","Statement":[{"Effect":"Maybe"}]}')),
    ).toBe('400 XMinioMalformedIAMPolicy');
    expect(await code(admin.policies.add('reports-read', 'not json'))).toBe('400 XMinioMalformedIAMPolicy');
    expect(await code(admin.policies.add('readonly', REPORTS))).toBe('403 XMinioIAMActionNotAllowed');
    expect(await admin.policies.info('reports-read')).toEqual(REPORTS);
    const big = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/minio/admin/v3/add-canned-policy?name=huge',
      body: JSON.stringify({ ...REPORTS, Id: 'x'.repeat(21 * 1024) }),
    });
    expect(big.status).toBe(400);
    expect(await code(admin.policies.info('huge'))).toBe('404 XMinioAdminNoSuchPolicy');
  });

  it('maps policies to users and groups, and reports who holds what', async () => {
    await admin.policies.set(['readonly', 'reports-read'], 'pat', false);
    expect(await admin.users.info('pat')).toMatchObject({ policyName: 'readonly,reports-read' });
    await admin.policies.set(['diagnostics'], 'auditors', true);
    expect((await admin.groups.describe('auditors')).policy).toBe('diagnostics');
    expect(await code(admin.policies.set(['nothing'], 'pat', false))).toBe('404 XMinioAdminNoSuchPolicy');
    expect(await code(admin.policies.set(['readonly'], 'nobody', false))).toBe('404 XMinioAdminNoSuchUser');
    expect(await code(admin.policies.set(['readonly'], 'nogroup', true))).toBe('404 XMinioAdminNoSuchGroup');

    const entities = await admin.policies.entities();
    expect(entities.userMappings).toEqual([{ user: 'pat', policies: ['readonly', 'reports-read'] }]);
    expect(entities.groupMappings).toEqual([{ group: 'auditors', policies: ['diagnostics'] }]);
    expect(entities.policyMappings).toContainEqual({ policy: 'readonly', users: ['pat'], groups: [] });
    const filtered = await admin.policies.entities({ policies: ['diagnostics'] });
    expect(filtered.policyMappings).toEqual([{ policy: 'diagnostics', users: [], groups: ['auditors'] }]);
  });

  it('attaches (201) and detaches (204), refusing no-ops with 409 and 404', async () => {
    await admin.policies.attach({ policies: ['writeonly'], user: 'pat' });
    expect((await admin.users.info('pat')).policyName).toBe('readonly,reports-read,writeonly');
    expect(await code(admin.policies.attach({ policies: ['writeonly'], user: 'pat' }))).toBe(
      '409 XMinioPolicyAlreadyAttached',
    );
    await admin.policies.detach({ policies: ['writeonly'], user: 'pat' });
    expect(await code(admin.policies.detach({ policies: ['writeonly'], user: 'pat' }))).toBe(
      '404 XMinioPolicyNotAttached',
    );
    expect(
      await code(admin.policies.attach({ policies: ['readonly'], user: 'pat', group: 'auditors' })),
    ).toBe('400 InvalidArgument');
  });

  it('will not remove a policy in use, and clears a mapping with an empty list', async () => {
    expect(await code(admin.policies.remove('reports-read'))).toBe('400 XMinioAdminPolicyInUse');
    await admin.policies.set([], 'pat', false);
    expect((await admin.users.info('pat')).policyName).toBeUndefined();
    await admin.policies.remove('reports-read');
    expect(await code(admin.policies.remove('reports-read'))).toBe('404 XMinioAdminNoSuchPolicy');
    expect(await code(admin.policies.remove('readwrite'))).toBe('403 XMinioIAMActionNotAllowed');
  });
});

describe('condition keys on admin actions', () => {
  it('an admin request carries the global keys MinIO gives admin policies', async () => {
    await admin.users.add('ops', 'ops-secret-12');
    const ops = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'ops', secretKey: 'ops-secret-12' },
    });
    const only = async (condition: Record<string, Record<string, unknown>>) => {
      await admin.policies.add('ops-admin', {
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: ['admin:ListUsers'], Resource: ['arn:minio:admin:::*'] },
          {
            Effect: 'Deny',
            Action: ['admin:ListUsers'],
            Resource: ['arn:minio:admin:::*'],
            Condition: condition,
          },
        ],
      });
      await admin.policies.set(['ops-admin'], 'ops', false);
      return code(ops.users.list());
    };
    // The usual "TLS only" guard: this store speaks plain HTTP, so it must refuse.
    expect(await only({ Bool: { 'aws:SecureTransport': 'false' } })).toBe('403 AccessDenied');
    expect(await only({ Bool: { 'aws:SecureTransport': 'true' } })).toBe('resolved');
    expect(await only({ NumericGreaterThan: { 'aws:EpochTime': '1' } })).toBe('403 AccessDenied');
    expect(await only({ StringEquals: { 'aws:principaltype': 'User' } })).toBe('403 AccessDenied');
    expect(await only({ StringLike: { 'aws:UserAgent': '*' } })).toBe('403 AccessDenied');
    expect(await only({ IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })).toBe('resolved');
  });
});
