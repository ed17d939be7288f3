import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRole, assumeRoleWithWebIdentity, MadminClient } from '@stowage/madmin';
import { type OpenIdProvider, startOpenIdProvider } from '@stowage/test-support/peers/openid-provider';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { code } from '../support/outcome.js';

// OpenID logins against a real provider (oidc-provider): identity_openid set through the
// admin API (restart needed), the id_token's policy claim naming the policies.

let idp: OpenIdProvider;
let t: TestStore;
beforeAll(async () => {
  idp = await startOpenIdProvider({
    olga: 'readonly',
    pete: 'readwrite,nonexistent',
    nadia: '',
    hugo: 'jwt-home',
    // Subjects that are also an IAM user's name and the root access key.
    alice: 'readonly',
    [ROOT.accessKey]: 'readonly',
  });
  t = await startTestStore();
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  expect(await admin.config.setKV(idp.identityKV)).toEqual({ restart: true });
  await t.store.close();
  t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'sso' }));
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key: 'doc', Body: 'hello' }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const login = async (user: string) =>
  assumeRoleWithWebIdentity({ endpoint: t.store.url, token: await idp.idToken(user) });

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { name?: string }) => e.name ?? String(e),
  );

describe('AssumeRoleWithWebIdentity', () => {
  it("gives the user the policies its token's claim names", async () => {
    const creds = await login('olga');
    const s3 = t.client({
      accessKeyId: creds.accessKey,
      secretAccessKey: creds.secretKey,
      sessionToken: creds.sessionToken,
    });
    expect(await outcome(s3.send(new s3sdk.GetObjectCommand({ Bucket: 'sso', Key: 'doc' })))).toBe('ok');
    expect(await outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key: 'x', Body: 'x' })))).toBe(
      'AccessDenied',
    );
    const info = await new MadminClient({ endpoint: t.store.url, credentials: creds }).accountInfo();
    expect(info.AccountName).toBe('olga');
  });

  it("jwt:sub holds the token's subject, as a condition key and a policy variable", async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.policies.add('jwt-home', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:PutObject'],
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a policy variable, not a template
          Resource: ['arn:aws:s3:::sso/home/${jwt:sub}/*'],
        },
        {
          Effect: 'Allow',
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::sso/*'],
          Condition: { StringEquals: { 'jwt:sub': 'hugo' } },
        },
      ],
    });
    const creds = await login('hugo');
    const s3 = t.client({
      accessKeyId: creds.accessKey,
      secretAccessKey: creds.secretKey,
      sessionToken: creds.sessionToken,
    });
    const put = (Key: string) =>
      outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key, Body: 'x' })));
    expect(await put('home/hugo/a')).toBe('ok');
    expect(await put('home/olga/a')).toBe('AccessDenied');
    expect(await outcome(s3.send(new s3sdk.GetObjectCommand({ Bucket: 'sso', Key: 'doc' })))).toBe('ok');
  });

  it('keeps only the named policies that exist', async () => {
    const creds = await login('pete');
    const s3 = t.client({
      accessKeyId: creds.accessKey,
      secretAccessKey: creds.secretKey,
      sessionToken: creds.sessionToken,
    });
    expect(
      await outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key: 'by-pete', Body: 'x' }))),
    ).toBe('ok');
  });

  it('refuses a token without policies, a tampered token and a token of another issuer', async () => {
    expect(await code(login('nadia'))).toBe('403 AccessDenied');
    const token = await idp.idToken('olga');
    const [h, b, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(b, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, policy: 'consoleAdmin' })).toString('base64url')}.${s}`;
    expect(await code(assumeRoleWithWebIdentity({ endpoint: t.store.url, token: forged }))).toBe(
      '403 AccessDenied',
    );
    expect(await code(assumeRoleWithWebIdentity({ endpoint: t.store.url, token: 'not.a.jwt' }))).toBe(
      '403 AccessDenied',
    );
  });

  it('grants at most STOWAGE_STS_MAX_DURATION (12 h by default), refusing longer as MinIO refuses a duration', async () => {
    const token = await idp.idToken('olga');
    const twelveHours = await assumeRoleWithWebIdentity({
      endpoint: t.store.url,
      token,
      durationSeconds: 43_200,
    });
    expect(Math.abs(twelveHours.expiration.getTime() - (Date.now() + 43_200_000))).toBeLessThan(10_000);
    expect(
      await code(assumeRoleWithWebIdentity({ endpoint: t.store.url, token, durationSeconds: 43_201 })),
    ).toBe('400 InvalidParameterValue');
    expect(
      await code(assumeRoleWithWebIdentity({ endpoint: t.store.url, token, durationSeconds: 31_536_000 })),
    ).toBe('400 InvalidParameterValue');
  });
});

describe('an OpenID subject that is also an IAM user or the root key', () => {
  const adminAs = (creds: { accessKey: string; secretKey: string; sessionToken?: string }) =>
    new MadminClient({ endpoint: t.store.url, credentials: creds });

  it('acts as neither: its own policies only, never the IAM account or root', async () => {
    const root = adminAs(ROOT);
    await root.users.add('alice', 'alice-iam-secret');
    await root.policies.set(['readwrite'], 'alice', false);
    await t.s3.send(
      new s3sdk.PutBucketPolicyCommand({
        Bucket: 'sso',
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: ['arn:aws:iam:::user/alice'] },
              Action: ['s3:DeleteObject'],
              Resource: ['arn:aws:s3:::sso/*'],
            },
          ],
        }),
      }),
    );
    const alice = await login('alice');
    const s3 = t.client({
      accessKeyId: alice.accessKey,
      secretAccessKey: alice.secretKey,
      sessionToken: alice.sessionToken,
    });
    // Neither the IAM user's readwrite nor the bucket policy naming the IAM user applies.
    expect(await outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key: 'a', Body: 'x' })))).toBe(
      'AccessDenied',
    );
    expect(await outcome(s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'sso', Key: 'doc' })))).toBe(
      'AccessDenied',
    );
    // It cannot set the IAM user's password, nor make a service account of the IAM user: the
    // one it makes is its own, with its own (readonly) rights.
    expect(await code(adminAs(alice).users.add('alice', 'taken-over-secret'))).toBe('403 AccessDenied');
    const own = await adminAs(alice).serviceAccounts.add();
    expect(await root.serviceAccounts.list('alice')).toEqual([]);
    expect((await root.serviceAccounts.info(own.accessKey)).parentUser).toMatch(/^openid:alice:/);
    const key = t.client({ accessKeyId: own.accessKey, secretAccessKey: own.secretKey });
    expect(await outcome(key.send(new s3sdk.GetObjectCommand({ Bucket: 'sso', Key: 'doc' })))).toBe('ok');
    expect(await outcome(key.send(new s3sdk.DeleteObjectCommand({ Bucket: 'sso', Key: 'doc' })))).toBe(
      'AccessDenied',
    );
    expect((await adminAs(alice).accountInfo()).AccountName).toBe('alice');

    const notRoot = await login(ROOT.accessKey);
    const asRoot = t.client({
      accessKeyId: notRoot.accessKey,
      secretAccessKey: notRoot.secretKey,
      sessionToken: notRoot.sessionToken,
    });
    expect(await outcome(asRoot.send(new s3sdk.CreateBucketCommand({ Bucket: 'not-root' })))).toBe(
      'AccessDenied',
    );
    expect(await code(adminAs(notRoot).users.list())).toBe('403 AccessDenied');
  });

  it("does not let a temporary credential of an IAM user change that user's password", async () => {
    const creds = await assumeRole({
      endpoint: t.store.url,
      credentials: { accessKey: 'alice', secretKey: 'alice-iam-secret' },
    });
    expect(await code(adminAs(creds).users.add('alice', 'changed-by-session'))).toBe(
      '403 XMinioInvalidIAMCredentials',
    );
  });
});
