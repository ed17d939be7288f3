// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import type { SimulatePolicyRequest } from '@stowage/contract';
import { MadminClient, type PolicyDocument, type PolicyStatement } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// The simulator's corpus: principals with policies held directly, through groups, embedded in
// access keys and granted by a bucket policy, each asked a list of requests. For every case
// the simulator's answer is compared with what the real store does with a real request signed
// by that principal: they must agree in every case.

let h: Harness;
let root: LoggedIn;
let admin: MadminClient;

const doc = (...Statement: object[]): PolicyDocument => ({
  Version: '2012-10-17',
  Statement: Statement as PolicyStatement[],
});
const allow = (Action: string | string[], Resource: string | string[], extra: object = {}) => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...extra,
});
const deny = (Action: string | string[], Resource: string | string[], extra: object = {}) => ({
  ...allow(Action, Resource, extra),
  Effect: 'Deny',
});

const POLICIES: Record<string, PolicyDocument> = {
  'p-read-alpha': doc({ ...allow('s3:GetObject', 'arn:aws:s3:::alpha/*'), Sid: 'ReadAlpha' }),
  'p-list-alpha': doc(allow('s3:ListBucket', 'arn:aws:s3:::alpha')),
  'p-write-public': doc(allow('s3:PutObject', 'arn:aws:s3:::alpha/public/*')),
  'p-deny-delete': doc({ ...deny('s3:DeleteObject', 'arn:aws:s3:::*'), Sid: 'NoDeletes' }),
  'p-all': doc(allow('s3:*', 'arn:aws:s3:::*')),
  'p-home': doc(
    allow(['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], 'arn:aws:s3:::alpha/home/${aws:username}/*'),
    allow('s3:ListBucket', 'arn:aws:s3:::alpha', {
      Condition: { StringLike: { 's3:prefix': ['home/${aws:username}/*'] } },
    }),
  ),
  'p-list-public': doc(
    allow('s3:ListBucket', 'arn:aws:s3:::alpha', { Condition: { StringEquals: { 's3:prefix': 'public/' } } }),
  ),
  'p-ip-local': doc(
    allow('s3:GetObject', 'arn:aws:s3:::beta/*', {
      Condition: { IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } },
    }),
  ),
  'p-ip-remote': doc(
    allow('s3:PutObject', 'arn:aws:s3:::beta/*', {
      Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } },
    }),
  ),
  'p-tag-blue': doc(
    allow('s3:GetObject', 'arn:aws:s3:::alpha/tagged/*', {
      Condition: { StringEquals: { 's3:ExistingObjectTag/team': 'blue' } },
    }),
  ),
  'p-wild': doc(allow('s3:Get*', 'arn:aws:s3:::alpha/pub*'), allow('s3:List*', 'arn:aws:s3:::beta')),
  'p-deny-beta-x': doc(deny('s3:*', 'arn:aws:s3:::beta/x/*')),
  'p-not-delete': doc({
    Effect: 'Allow',
    NotAction: ['s3:DeleteObject', 's3:ListBucket'],
    Resource: 'arn:aws:s3:::beta/*',
  }),
};

/** Users: direct policies, groups (g-off is disabled: it must not count). */
const USERS: Record<string, { policies: string[]; groups: string[] }> = {
  usr1: { policies: ['p-read-alpha'], groups: [] },
  usr2: { policies: [], groups: ['g-readers'] },
  usr3: { policies: ['p-all', 'p-deny-delete'], groups: [] },
  usr4: { policies: ['p-home'], groups: [] },
  usr5: { policies: ['p-write-public', 'p-list-public'], groups: ['g-ip'] },
  usr6: { policies: ['p-tag-blue', 'p-wild'], groups: [] },
  usr7: { policies: [], groups: [] },
  usr8: { policies: ['p-all'], groups: ['g-deny-x', 'g-off'] },
  usr9: { policies: ['p-not-delete'], groups: ['g-readers'] },
};
const GROUPS: Record<string, { policies: string[]; enabled: boolean }> = {
  'g-readers': { policies: ['p-read-alpha', 'p-list-alpha'], enabled: true },
  'g-ip': { policies: ['p-ip-local', 'p-ip-remote'], enabled: true },
  'g-deny-x': { policies: ['p-deny-beta-x'], enabled: true },
  'g-off': { policies: ['p-deny-delete'], enabled: false },
};
/** Access keys: an embedded policy narrows the parent's rights; none means the parent's. */
const ACCESS_KEYS: Record<string, { parent: string; policy?: PolicyDocument }> = {
  'sa-narrow': {
    parent: 'usr3',
    policy: doc(allow(['s3:GetObject', 's3:ListBucket'], ['arn:aws:s3:::alpha', 'arn:aws:s3:::alpha/*'])),
  },
  'sa-implied': { parent: 'usr1' },
  'sa-beta': { parent: 'usr8', policy: doc(allow('s3:*', ['arn:aws:s3:::beta', 'arn:aws:s3:::beta/*'])) },
  'sa-home': {
    parent: 'usr4',
    policy: doc(deny('s3:PutObject', 'arn:aws:s3:::*'), allow('s3:*', 'arn:aws:s3:::*')),
  },
};
const BETA_POLICY = doc(
  allow('s3:GetObject', 'arn:aws:s3:::beta/open/*', { Principal: { AWS: ['arn:aws:iam:::user/usr7'] } }),
  deny('s3:DeleteObject', 'arn:aws:s3:::beta/open/*', { Principal: '*' }),
  allow('s3:ListBucket', 'arn:aws:s3:::beta', {
    Principal: '*',
    Condition: { StringEquals: { 's3:prefix': 'open/' } },
  }),
);
/** Objects the reads find, with their tags. */
const OBJECTS: Record<string, Record<string, string>> = {
  'alpha/public/a.txt': {},
  'alpha/home/usr4/f.txt': {},
  'alpha/home/usr5/f.txt': {},
  'alpha/tagged/blue.txt': { team: 'blue' },
  'alpha/tagged/red.txt': { team: 'red' },
  'beta/x/y.txt': {},
  'beta/open/z.txt': {},
};

type Verb = 'get' | 'put' | 'delete' | 'list';
interface Probe {
  verb: Verb;
  bucket: string;
  /** The key, or the listing's prefix. */
  path: string;
}
const probe = (verb: Verb, target: string): Probe => {
  const [bucket = '', ...rest] = target.split('/');
  return { verb, bucket, path: rest.join('/') };
};
const PROBES: Probe[] = [
  ...Object.keys(OBJECTS).map((key) => probe('get', key)),
  ...[
    'alpha/public/new.txt',
    'alpha/home/usr4/new.txt',
    'alpha/other.txt',
    'beta/x/new.txt',
    'beta/open/new.txt',
  ].map((key) => probe('put', key)),
  ...['alpha/public/del.txt', 'alpha/home/usr4/del.txt', 'beta/open/del.txt', 'beta/x/del.txt'].map((key) =>
    probe('delete', key),
  ),
  ...['alpha/', 'alpha/public/', 'alpha/home/usr4/', 'beta/open/', 'beta/'].map((prefix) =>
    probe('list', prefix),
  ),
];
const ACTIONS: Record<Verb, string> = {
  get: 's3:GetObject',
  put: 's3:PutObject',
  delete: 's3:DeleteObject',
  list: 's3:ListBucket',
};

const SECRET = (name: string) => `${name}-secret-key-1`;
const principals = [
  ...Object.keys(USERS).map((name) => ({ kind: 'user' as const, name })),
  ...Object.keys(ACCESS_KEYS).map((name) => ({ kind: 'accessKey' as const, name })),
];

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
  for (const [name, policy] of Object.entries(POLICIES)) await admin.policies.add(name, policy);
  for (const [name, user] of Object.entries(USERS)) {
    await admin.users.add(name, SECRET(name));
    if (user.policies.length) await admin.policies.set(user.policies, name, false);
  }
  for (const [group, spec] of Object.entries(GROUPS)) {
    const members = Object.keys(USERS).filter((u) => USERS[u]?.groups.includes(group));
    await admin.groups.updateMembers({ group, members, isRemove: false });
    await admin.policies.set(spec.policies, group, true);
    if (!spec.enabled) await admin.groups.setStatus(group, 'disabled');
  }
  for (const [accessKey, key] of Object.entries(ACCESS_KEYS))
    await admin.serviceAccounts.add({
      accessKey,
      secretKey: SECRET(accessKey),
      targetUser: key.parent,
      ...(key.policy ? { policy: key.policy } : {}),
    });
  const s3 = storeS3(h.storeUrl);
  await s3.makeBucket('alpha');
  await s3.makeBucket('beta');
  await s3.setBucketPolicy('beta', JSON.stringify(BETA_POLICY));
  for (const [path, tags] of Object.entries(OBJECTS)) {
    const { bucket, path: key } = probe('get', path);
    await s3.putObject(bucket, key, Buffer.from('x'));
    if (Object.keys(tags).length) await s3.setObjectTagging(bucket, key, tags);
  }
});
afterAll(() => h?.close());

/** What the store does with the request, signed by the principal. */
async function realAnswer(s3: Client, { verb, bucket, path }: Probe): Promise<boolean> {
  try {
    if (verb === 'get') (await s3.getObject(bucket, path)).resume();
    else if (verb === 'put') await s3.putObject(bucket, path, Buffer.from('y'));
    else if (verb === 'delete') await s3.removeObject(bucket, path);
    else
      await new Promise<void>((resolve, reject) => {
        const stream = s3.listObjectsV2(bucket, path, true);
        stream.on('data', () => {});
        stream.on('error', reject);
        stream.on('end', () => resolve());
      });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'AccessDenied') return false;
    throw err;
  }
}

/** The simulation request for a probe, with the condition values the real request carries. */
function simulation(principal: (typeof principals)[number], p: Probe): SimulatePolicyRequest {
  const conditions: Record<string, string[]> = { 'aws:SourceIp': ['127.0.0.1'] };
  if (p.verb === 'list') conditions['s3:prefix'] = [p.path];
  for (const [tag, value] of Object.entries(OBJECTS[`${p.bucket}/${p.path}`] ?? {}))
    if (p.verb === 'get') conditions[`s3:ExistingObjectTag/${tag}`] = [value];
  return {
    principal,
    action: ACTIONS[p.verb],
    bucket: p.bucket,
    ...(p.verb === 'list' ? {} : { key: p.path }),
    conditions,
  };
}

describe('the simulator agrees with the store', () => {
  // Principals run side by side (their writes use keys no read depends on); each one's cases in turn.
  test('on every case of the corpus', { timeout: 120_000 }, async () => {
    const disagreements: string[] = [];
    let cases = 0;
    let allowedCases = 0;
    await Promise.all(
      principals.map(async (principal) => {
        const s3 = storeS3(h.storeUrl, { accessKey: principal.name, secretKey: SECRET(principal.name) });
        for (const p of PROBES) {
          const request = simulation(principal, p);
          const res = await callAs(h.app, root, 'POST', '/policies/simulate', request);
          expect(res.statusCode, res.body).toBe(200);
          const simulated = res.json().allowed as boolean;
          const real = await realAnswer(s3, p);
          cases += 1;
          if (real) allowedCases += 1;
          if (simulated !== real)
            disagreements.push(
              `${principal.kind} ${principal.name} ${request.action} ${p.bucket}/${p.path}: simulator ${simulated ? 'allows' : 'denies'}, store ${real ? 'allows' : 'denies'} (decided by ${JSON.stringify(res.json().decidedBy)})`,
            );
        }
      }),
    );
    expect(cases).toBeGreaterThanOrEqual(200);
    // Both answers occur often, so agreement is not one answer everywhere.
    expect(allowedCases).toBeGreaterThan(cases / 5);
    expect(cases - allowedCases).toBeGreaterThan(cases / 5);
    expect(disagreements, disagreements.join('\n')).toEqual([]);
  });
});

describe('the deciding statement', () => {
  const simulate = (payload: unknown) => callAs(h.app, root, 'POST', '/policies/simulate', payload);

  test('names the deny that overrides an allow, with its document', async () => {
    const res = await simulate({
      principal: { kind: 'user', name: 'usr3' },
      action: 's3:DeleteObject',
      bucket: 'alpha',
      key: 'public/a.txt',
    });
    expect(res.json()).toMatchObject({
      allowed: false,
      decidedBy: { source: 'user', policy: 'p-deny-delete', statement: 0, sid: 'NoDeletes', effect: 'Deny' },
      evaluated: [
        { source: 'user', policy: 'p-all', outcome: 'allow' },
        { source: 'user', policy: 'p-deny-delete', outcome: 'deny' },
      ],
    });
    expect(JSON.parse(res.json().decidedBy.document)).toMatchObject({ Sid: 'NoDeletes', Effect: 'Deny' });
  });

  test('names a group, a bucket policy and an access key as sources', async () => {
    const viaGroup = await simulate({
      principal: { kind: 'user', name: 'usr2' },
      action: 's3:GetObject',
      bucket: 'alpha',
      key: 'a',
    });
    expect(viaGroup.json().decidedBy).toMatchObject({
      source: 'group',
      policy: 'p-read-alpha',
      sid: 'ReadAlpha',
    });
    const asGroup = await simulate({
      principal: { kind: 'group', name: 'g-readers' },
      action: 's3:ListBucket',
      bucket: 'alpha',
    });
    expect(asGroup.json()).toMatchObject({
      allowed: true,
      decidedBy: { source: 'group', policy: 'p-list-alpha' },
    });
    const viaBucket = await simulate({
      principal: { kind: 'user', name: 'usr7' },
      action: 's3:GetObject',
      bucket: 'beta',
      key: 'open/z.txt',
    });
    expect(viaBucket.json().decidedBy).toMatchObject({
      source: 'bucket',
      policy: 'beta',
      statement: 0,
      effect: 'Allow',
    });
    const limited = await simulate({
      principal: { kind: 'accessKey', name: 'sa-home' },
      action: 's3:PutObject',
      bucket: 'alpha',
      key: 'home/usr4/x',
    });
    expect(limited.json()).toMatchObject({
      allowed: false,
      decidedBy: { source: 'serviceAccount', policy: 'sa-home', effect: 'Deny' },
    });
  });

  test('says an implicit deny decided nothing', async () => {
    const res = await simulate({
      principal: { kind: 'user', name: 'usr7' },
      action: 's3:PutObject',
      bucket: 'alpha',
      key: 'k',
    });
    expect(res.json()).toEqual({ allowed: false, decidedBy: null, evaluated: [] });
  });
});

describe('refusals', () => {
  test('bad input is a 400 in the console error shape', async () => {
    const bad = [
      { principal: { kind: 'robot', name: 'x' }, action: 's3:GetObject', bucket: 'alpha' },
      { principal: { kind: 'user', name: 'usr1' }, action: 'GetObject', bucket: 'alpha' },
      { principal: { kind: 'user', name: 'usr1' }, action: 's3:GetObject', bucket: 'A' },
      { principal: { kind: 'user', name: '' }, action: 's3:GetObject', bucket: 'alpha' },
      { principal: { kind: 'user', name: 'usr1' }, action: 's3:GetObject', bucket: 'alpha', extra: 1 },
    ];
    for (const payload of bad) {
      const res = await callAs(h.app, root, 'POST', '/policies/simulate', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), detailedMessage: expect.any(String) });
    }
    const both = await callAs(h.app, root, 'GET', '/policies/effective?user=usr1&bucket=alpha');
    expect(both.statusCode).toBe(400);
  });

  test('an unknown principal is a 404', async () => {
    const res = await callAs(h.app, root, 'POST', '/policies/simulate', {
      principal: { kind: 'user', name: 'nobody' },
      action: 's3:GetObject',
      bucket: 'alpha',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detailedMessage).not.toBe('');
  });

  test('a session that may not read users and policies gets 403', async () => {
    const usr1 = await loginAs(h.app, 'usr1', SECRET('usr1'));
    const res = await callAs(h.app, usr1, 'POST', '/policies/simulate', {
      principal: { kind: 'user', name: 'usr2' },
      action: 's3:GetObject',
      bucket: 'alpha',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String), detailedMessage: expect.any(String) });
  });
});

describe('effective permissions', () => {
  test('per bucket for a user, and per user for a bucket', async () => {
    const byUser = await callAs(h.app, root, 'GET', '/policies/effective?user=usr2');
    expect(byUser.json().rows).toEqual([
      { name: 'alpha', access: { read: true, write: false, list: true, delete: false, admin: false } },
      { name: 'beta', access: { read: false, write: false, list: false, delete: false, admin: false } },
    ]);
    const byBucket = await callAs(h.app, root, 'GET', '/policies/effective?bucket=beta');
    const rows = Object.fromEntries(
      byBucket.json().rows.map((r: { name: string; access: object }) => [r.name, r.access]),
    );
    expect(Object.keys(rows)).toEqual(Object.keys(USERS));
    expect(rows.usr3).toEqual({ read: true, write: true, list: true, delete: false, admin: true });
    expect(rows.usr8).toEqual({ read: true, write: true, list: true, delete: true, admin: true });
    expect(rows.usr1).toEqual({ read: false, write: false, list: false, delete: false, admin: false });
  });
});
