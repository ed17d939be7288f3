import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRole, MadminClient, StsError, signRequest } from '@stowage/madmin';
import {
  ROOT,
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { AssumeRoleProvider } from 'minio/dist/esm/AssumeRoleProvider.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyJwt } from '../../src/iam/jwt.js';
import { startStore } from '../../src/index.js';

const { CreateBucketCommand, ListBucketsCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'sts-bucket' }));
});
afterAll(() => t.close());

/** A hand-built AssumeRole form POST, signed with service sts and no x-amz-content-sha256. */
async function postForm(
  form: string,
  creds: { accessKey: string; secretKey: string; sessionToken?: string } = ROOT,
) {
  const { createHash } = await import('node:crypto');
  const url = new URL(`${t.store.url}/`);
  const headers = signRequest(
    {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payloadHash: createHash('sha256').update(form).digest('hex'),
    },
    creds,
    { region: 'us-east-1', service: 'sts' },
  );
  headers['content-length'] = String(Buffer.byteLength(form));
  return rawRequest(t.store.port, 'POST', '/', headers, form);
}

describe('STS AssumeRole', () => {
  it('issues temporary credentials in the STS XML envelope', async () => {
    const res = await postForm('Action=AssumeRole&DurationSeconds=900&Version=2011-06-15');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<AssumeRoleResponse xmlns="https:\/\/sts.amazonaws.com\/doc\/2011-06-15\/"><AssumeRoleResult><AssumedRoleUser><Arn><\/Arn><AssumeRoleId><\/AssumeRoleId><\/AssumedRoleUser><Credentials><AccessKeyId>[0-9A-Z]{20}<\/AccessKeyId><SecretAccessKey>[^<]{40}<\/SecretAccessKey><SessionToken>[^<]+<\/SessionToken><Expiration>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/Expiration><\/Credentials><\/AssumeRoleResult><ResponseMetadata><RequestId>[0-9A-F]{16}<\/RequestId><\/ResponseMetadata><\/AssumeRoleResponse>$/,
    );
    const expiration = Date.parse(/<Expiration>([^<]+)</.exec(res.body)![1]!);
    expect(Math.abs(expiration - (Date.now() + 900_000))).toBeLessThan(10_000);
  });

  it('session tokens are HS512 JWTs signed with the root secret', async () => {
    const creds = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    const claims = verifyJwt(creds.sessionToken, ROOT.secretKey);
    expect(claims).toMatchObject({ accessKey: creds.accessKey, parent: ROOT.accessKey });
    expect(claims?.exp).toBe(Math.floor(creds.expiration.getTime() / 1000));
    expect(JSON.parse(Buffer.from(creds.sessionToken.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'HS512',
      typ: 'JWT',
    });
  });

  it('temporary credentials work with client-s3; a wrong or missing token is InvalidTokenId', async () => {
    const provider = new AssumeRoleProvider({
      stsEndpoint: t.store.url,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    });
    const creds = await provider.getCredentials();
    const accessKeyId = creds.getAccessKey();
    const secretAccessKey = creds.getSecretKey();
    const sessionToken = creds.getSessionToken()!;
    expect(accessKeyId).toMatch(/^[0-9A-Z]{20}$/);
    expect(secretAccessKey).toHaveLength(40);

    const good = t.client({ accessKeyId, secretAccessKey, sessionToken });
    const list = await good.send(new ListBucketsCommand({}));
    expect(list.Buckets?.map((b) => b.Name)).toEqual(['sts-bucket']);
    await good.send(new PutObjectCommand({ Bucket: 'sts-bucket', Key: 'by-temp', Body: 'x' }));

    const wrong = t.client({ accessKeyId, secretAccessKey, sessionToken: `${sessionToken.slice(0, -2)}xx` });
    await expect(wrong.send(new ListBucketsCommand({}))).rejects.toMatchObject({
      name: 'InvalidTokenId',
      $metadata: { httpStatusCode: 403 },
    });
    const missing = t.client({ accessKeyId, secretAccessKey });
    await expect(missing.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidTokenId' });
    const rootWithToken = t.client({
      accessKeyId: ROOT.accessKey,
      secretAccessKey: ROOT.secretKey,
      sessionToken,
    });
    await expect(rootWithToken.send(new ListBucketsCommand({}))).rejects.toMatchObject({
      name: 'InvalidTokenId',
    });
  });

  it('refuses a wrong session token of the right length, and of any other, with InvalidTokenId', async () => {
    const creds = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    const list = (sessionToken: string) =>
      signedRequest(t.store.port, { method: 'GET', path: '/', creds: { ...creds, sessionToken } });
    expect((await list(creds.sessionToken)).status).toBe(200);
    const token = creds.sessionToken;
    const flipped = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
    for (const wrong of [
      flipped,
      token.slice(0, -1),
      `${token}A`,
      'short',
      // As many characters, one more byte in UTF-8 (sent as Latin-1, read back as é).
      `${token.slice(0, -1)}é`,
    ]) {
      const res = await list(wrong);
      expect([res.status, xmlCode(res.body)], wrong.length.toString()).toEqual([403, 'InvalidTokenId']);
    }
  });

  it('refuses temporary credentials as callers: AccessDenied', async () => {
    const temp = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    const err = await assumeRole({ endpoint: t.store.url, credentials: temp }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StsError);
    expect(err).toMatchObject({ code: 'AccessDenied', status: 403 });
  });

  it('lets an IAM user (or root) ask for up to a year, as MinIO does', async () => {
    const res = await postForm('Action=AssumeRole&DurationSeconds=31536000&Version=2011-06-15');
    expect(res.status).toBe(200);
  });

  it('validates DurationSeconds, Version and Action', async () => {
    for (const [form, code] of [
      ['Action=AssumeRole&DurationSeconds=899&Version=2011-06-15', 'InvalidParameterValue'],
      ['Action=AssumeRole&DurationSeconds=31536001&Version=2011-06-15', 'InvalidParameterValue'],
      ['Action=AssumeRole&DurationSeconds=abc&Version=2011-06-15', 'InvalidParameterValue'],
      ['Action=AssumeRole', 'MissingParameter'],
      ['Action=GetCallerIdentity&Version=2011-06-15', 'InvalidParameterValue'],
    ] as const) {
      const res = await postForm(form);
      expect(res.status).toBe(400);
      expect(res.body).toContain(
        '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type>',
      );
      expect(xmlCode(res.body)).toBe(code);
    }
  });

  it('refuses a session policy it could not apply, so no request with the credentials fails', async () => {
    const bad = [
      { Version: '2012-10-17' },
      {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:Foo'], Resource: ['arn:aws:s3:::*'] }],
      },
      { Version: 'x', Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }] },
    ];
    for (const policy of bad) {
      const res = await postForm(
        `Action=AssumeRole&Version=2011-06-15&Policy=${encodeURIComponent(JSON.stringify(policy))}`,
      );
      expect([res.status, xmlCode(res.body)]).toEqual([400, 'InvalidParameterValue']);
    }
    const good = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
    };
    const res = await postForm(
      `Action=AssumeRole&Version=2011-06-15&Policy=${encodeURIComponent(JSON.stringify(good))}`,
    );
    expect(res.status).toBe(200);
  });

  it('answers signature problems in the STS envelope', async () => {
    const err = await assumeRole({
      endpoint: t.store.url,
      credentials: { ...ROOT, secretKey: 'wrong-secret' },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
  });

  it('keeps temporary credentials across a restart, and says ExpiredToken once they expire', async () => {
    const creds = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    const dir = join(t.dir, 'restart');
    const drives = [join(dir, 'd1'), join(dir, 'd2')];
    const first = await startStore({ drives, rootCredentials: ROOT });
    const issued = await assumeRole({ endpoint: first.url, credentials: ROOT });
    await first.close();

    // An expired record, as a store would have left it behind an hour ago.
    const expired = { ...creds, accessKey: 'EXPIREDEXPIREDEXPIRE' };
    await mkdir(join(drives[0]!, '.stowage.sys/config/iam/sts'), { recursive: true });
    await writeFile(
      join(drives[0]!, `.stowage.sys/config/iam/sts/${expired.accessKey}.json`),
      JSON.stringify({
        v: 1,
        accessKey: expired.accessKey,
        secretKey: expired.secretKey,
        sessionToken: expired.sessionToken,
        parent: ROOT.accessKey,
        expiration: new Date(Date.now() - 3600_000).toISOString(),
      }),
    );

    const second = await startStore({ drives, rootCredentials: ROOT });
    try {
      const client = (c: { accessKey: string; secretKey: string; sessionToken: string }) =>
        new s3sdk.S3Client({
          endpoint: second.url,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: {
            accessKeyId: c.accessKey,
            secretAccessKey: c.secretKey,
            sessionToken: c.sessionToken,
          },
        });
      const ok = await client(issued).send(new ListBucketsCommand({}));
      expect(ok.$metadata.httpStatusCode).toBe(200);
      await expect(client(expired).send(new ListBucketsCommand({}))).rejects.toMatchObject({
        name: 'ExpiredToken',
      });
    } finally {
      await second.close();
    }
  });
});

describe("a user's password change", () => {
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { name?: string }) => e.name ?? String(e),
    );

  it('ends the STS sessions opened with the old password, and keeps its service accounts', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.users.add('pat', 'pat-password-1');
    await admin.policies.set(['readwrite'], 'pat', false);
    const pat = { accessKey: 'pat', secretKey: 'pat-password-1' };
    const list = (c: { accessKey: string; secretKey: string; sessionToken?: string }) =>
      outcome(
        t
          .client({
            accessKeyId: c.accessKey,
            secretAccessKey: c.secretKey,
            ...(c.sessionToken ? { sessionToken: c.sessionToken } : {}),
          })
          .send(new ListBucketsCommand({})),
      );

    // Root sets a new password (madmin SetUser/AddUser over the existing user).
    const session = await assumeRole({ endpoint: t.store.url, credentials: pat });
    const key = await new MadminClient({ endpoint: t.store.url, credentials: pat }).serviceAccounts.add({});
    const keyCreds = { accessKey: key.accessKey, secretKey: key.secretKey };
    expect(await list(session)).toBe('ok');
    await admin.users.add('pat', 'pat-password-2');
    expect(await list(session)).toBe('InvalidAccessKeyId');
    expect(await list(keyCreds)).toBe('ok');

    // The user changes its own password with its own keys.
    const pat2 = { accessKey: 'pat', secretKey: 'pat-password-2' };
    const second = await assumeRole({ endpoint: t.store.url, credentials: pat2 });
    const other = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    expect(await list(second)).toBe('ok');
    await new MadminClient({ endpoint: t.store.url, credentials: pat2 }).users.add('pat', 'pat-password-3');
    expect(await list(second)).toBe('InvalidAccessKeyId');
    expect(await list(keyCreds)).toBe('ok');
    // Only that user's sessions end; a status change alone (same password) ends none.
    expect(await list(other)).toBe('ok');
    const third = await assumeRole({
      endpoint: t.store.url,
      credentials: { accessKey: 'pat', secretKey: 'pat-password-3' },
    });
    await admin.users.add('pat', 'pat-password-3', 'enabled');
    expect(await list(third)).toBe('ok');
  });
});
