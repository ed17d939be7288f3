import * as s3sdk from '@aws-sdk/client-s3';
import {
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { RETENTION_MODES } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Object lock (WORM): retention and legal hold on versions, set by header, by the bucket's
// default retention or by Put/GetObjectRetention and Put/GetObjectLegalHold; what they forbid.

const {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectLegalHoldCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  PutObjectLockConfigurationCommand,
  PutObjectRetentionCommand,
} = s3sdk;

let t: TestStore;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);
// AWS's answer (s3-tests test_object_lock_delete_object_with_*, *_retention_shorten_period).
const locked = {
  name: 'AccessDenied',
  message: 'Access Denied because object protected by object lock.',
  $metadata: { httpStatusCode: 403 },
};

beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'worm', ObjectLockEnabledForBucket: true }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'plain' }));
});
afterAll(() => t.close());

describe('object lock', () => {
  it('retention from headers: the version cannot be deleted; a delete marker can be added', async () => {
    const v = await t.s3.send(
      new PutObjectCommand({
        Bucket: 'worm',
        Key: 'gov',
        Body: 'x',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: inDays(1),
      }),
    );
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'worm', Key: 'gov' }));
    expect(head.ObjectLockMode).toBe('GOVERNANCE');
    await expect(
      t.s3.send(new DeleteObjectCommand({ Bucket: 'worm', Key: 'gov', VersionId: v.VersionId })),
    ).rejects.toMatchObject(locked);
    const marker = await t.s3.send(new DeleteObjectCommand({ Bucket: 'worm', Key: 'gov' }));
    expect(marker.DeleteMarker).toBe(true);
    // Governance gives way to the bypass header.
    const bypassed = await t.s3.send(
      new DeleteObjectCommand({
        Bucket: 'worm',
        Key: 'gov',
        VersionId: v.VersionId,
        BypassGovernanceRetention: true,
      }),
    );
    expect(bypassed.$metadata.httpStatusCode).toBe(204);
  });

  it('compliance: no bypass, no shortening; extending is allowed', async () => {
    const v = await t.s3.send(
      new PutObjectCommand({
        Bucket: 'worm',
        Key: 'comp',
        Body: 'x',
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: inDays(2),
      }),
    );
    await expect(
      t.s3.send(
        new DeleteObjectCommand({
          Bucket: 'worm',
          Key: 'comp',
          VersionId: v.VersionId,
          BypassGovernanceRetention: true,
        }),
      ),
    ).rejects.toMatchObject(locked);
    await expect(
      t.s3.send(
        new PutObjectRetentionCommand({
          Bucket: 'worm',
          Key: 'comp',
          Retention: { Mode: 'COMPLIANCE', RetainUntilDate: inDays(1) },
          BypassGovernanceRetention: true,
        }),
      ),
    ).rejects.toMatchObject(locked);
    const later = inDays(3);
    await t.s3.send(
      new PutObjectRetentionCommand({
        Bucket: 'worm',
        Key: 'comp',
        Retention: { Mode: 'COMPLIANCE', RetainUntilDate: later },
      }),
    );
    const got = await t.s3.send(new GetObjectRetentionCommand({ Bucket: 'worm', Key: 'comp' }));
    expect(got.Retention?.Mode).toBe('COMPLIANCE');
    expect(got.Retention?.RetainUntilDate?.getTime()).toBe(Math.floor(later.getTime()));
  });

  it('the bucket default retention applies to new versions', async () => {
    await t.s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: 'worm',
        ObjectLockConfiguration: {
          ObjectLockEnabled: 'Enabled',
          Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: 1 } },
        },
      }),
    );
    await t.s3.send(new PutObjectCommand({ Bucket: 'worm', Key: 'default', Body: 'x' }));
    const got = await t.s3.send(new GetObjectRetentionCommand({ Bucket: 'worm', Key: 'default' }));
    expect(got.Retention?.Mode).toBe('GOVERNANCE');
    const until = got.Retention!.RetainUntilDate!.getTime();
    expect(Math.abs(until - inDays(1).getTime())).toBeLessThan(60_000);
    await t.s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: 'worm',
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' },
      }),
    );
  });

  it('GET and HEAD show retention and legal hold only to callers who may read them', async () => {
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'worm',
        Key: 'shown',
        Body: 'x',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: inDays(1),
        ObjectLockLegalHoldStatus: 'ON',
      }),
    );
    // Anyone may read the object, nothing else.
    const policy = {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::worm/*'] },
      ],
    };
    await t.s3.send(new PutBucketPolicyCommand({ Bucket: 'worm', Policy: JSON.stringify(policy) }));
    try {
      for (const method of ['GET', 'HEAD']) {
        const res = await rawRequest(t.store.port, method, '/worm/shown', {});
        expect(res.status, method).toBe(200);
        expect(
          Object.keys(res.headers).filter((h) => h.startsWith('x-amz-object-lock')),
          method,
        ).toEqual([]);
      }
    } finally {
      await t.s3.send(new DeleteBucketPolicyCommand({ Bucket: 'worm' }));
    }
    const root = await t.s3.send(new HeadObjectCommand({ Bucket: 'worm', Key: 'shown' }));
    expect([root.ObjectLockMode, root.ObjectLockLegalHoldStatus]).toEqual(['GOVERNANCE', 'ON']);
    // A lifted hold reads OFF; an object that never had one says nothing.
    await t.s3.send(
      new PutObjectLegalHoldCommand({ Bucket: 'worm', Key: 'shown', LegalHold: { Status: 'OFF' } }),
    );
    const lifted = await t.s3.send(new HeadObjectCommand({ Bucket: 'worm', Key: 'shown' }));
    expect(lifted.ObjectLockLegalHoldStatus).toBe('OFF');
    await t.s3.send(new PutObjectCommand({ Bucket: 'worm', Key: 'never-held', Body: 'x' }));
    const never = await t.s3.send(new HeadObjectCommand({ Bucket: 'worm', Key: 'never-held' }));
    expect(never.ObjectLockLegalHoldStatus).toBeUndefined();
  });

  it('legal hold forbids deletes until it is lifted', async () => {
    const v = await t.s3.send(
      new PutObjectCommand({ Bucket: 'worm', Key: 'held', Body: 'x', ObjectLockLegalHoldStatus: 'ON' }),
    );
    expect(
      (await t.s3.send(new GetObjectLegalHoldCommand({ Bucket: 'worm', Key: 'held' }))).LegalHold?.Status,
    ).toBe('ON');
    const batch = await t.s3.send(
      new DeleteObjectsCommand({
        Bucket: 'worm',
        Delete: { Objects: [{ Key: 'held', VersionId: v.VersionId }] },
      }),
    );
    // A batch names a locked version AccessDenied, as S3 does.
    expect(batch.Errors?.[0]).toMatchObject({ Key: 'held', Code: 'AccessDenied' });
    await t.s3.send(
      new PutObjectLegalHoldCommand({ Bucket: 'worm', Key: 'held', LegalHold: { Status: 'OFF' } }),
    );
    expect(
      (await t.s3.send(new GetObjectLegalHoldCommand({ Bucket: 'worm', Key: 'held' }))).LegalHold?.Status,
    ).toBe('OFF');
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'worm', Key: 'held', VersionId: v.VersionId }));
  });

  it('refuses lock settings with S3 codes', async () => {
    await expect(
      t.s3.send(
        new PutObjectCommand({
          Bucket: 'plain',
          Key: 'k',
          Body: 'x',
          ObjectLockMode: 'GOVERNANCE',
          ObjectLockRetainUntilDate: inDays(1),
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidRequest',
      message: 'Bucket is missing Object Lock Configuration.',
    });
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'worm', Key: 'k', Body: 'x', ObjectLockMode: 'GOVERNANCE' })),
    ).rejects.toMatchObject({ name: 'InvalidRequest' });
    await expect(
      t.s3.send(
        new PutObjectCommand({
          Bucket: 'worm',
          Key: 'k',
          Body: 'x',
          ObjectLockMode: 'GOVERNANCE',
          ObjectLockRetainUntilDate: inDays(-1),
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidRequest',
      message: 'the retain until date must be in the future.',
    });
    await t.s3.send(new PutObjectCommand({ Bucket: 'worm', Key: 'none', Body: 'x' }));
    await expect(
      t.s3.send(new GetObjectRetentionCommand({ Bucket: 'worm', Key: 'none' })),
    ).rejects.toMatchObject({
      name: 'NoSuchObjectLockConfiguration',
    });
    await expect(
      t.s3.send(new GetObjectLegalHoldCommand({ Bucket: 'plain', Key: 'none' })),
    ).rejects.toMatchObject({
      name: 'InvalidRequest',
    });
  });

  it('a multi-object delete of a retained version is AccessDenied for that key; the bypass lets governance go', async () => {
    const v = await t.s3.send(
      new PutObjectCommand({
        Bucket: 'worm',
        Key: 'batch-gov',
        Body: 'x',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: inDays(1),
      }),
    );
    const other = await t.s3.send(new PutObjectCommand({ Bucket: 'worm', Key: 'batch-free', Body: 'x' }));
    const Objects = [
      { Key: 'batch-gov', VersionId: v.VersionId },
      { Key: 'batch-free', VersionId: other.VersionId },
    ];
    const refused = await t.s3.send(new DeleteObjectsCommand({ Bucket: 'worm', Delete: { Objects } }));
    expect(refused.Errors).toEqual([
      expect.objectContaining({ Key: 'batch-gov', VersionId: v.VersionId, Code: 'AccessDenied' }),
    ]);
    expect(refused.Deleted?.map((d) => d.Key)).toEqual(['batch-free']);
    const bypassed = await t.s3.send(
      new DeleteObjectsCommand({
        Bucket: 'worm',
        BypassGovernanceRetention: true,
        Delete: { Objects: [Objects[0]!] },
      }),
    );
    expect([bypassed.Errors ?? [], bypassed.Deleted?.map((d) => d.VersionId)]).toEqual([[], [v.VersionId]]);
  });

  it('an unknown legal-hold status or retention mode in the document is MalformedXML', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'worm', Key: 'schema', Body: 'x' }));
    await expect(
      t.s3.send(
        new PutObjectLegalHoldCommand({
          Bucket: 'worm',
          Key: 'schema',
          LegalHold: { Status: 'MAYBE' as s3sdk.ObjectLockLegalHoldStatus },
        }),
      ),
    ).rejects.toMatchObject({ name: 'MalformedXML', $metadata: { httpStatusCode: 400 } });
    await expect(
      t.s3.send(
        new PutObjectRetentionCommand({
          Bucket: 'worm',
          Key: 'schema',
          Retention: { Mode: 'SOMETIMES' as s3sdk.ObjectLockRetentionMode, RetainUntilDate: inDays(1) },
        }),
      ),
    ).rejects.toMatchObject({ name: 'MalformedXML', $metadata: { httpStatusCode: 400 } });
    // The version is as it was.
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'worm', Key: 'schema' }));
    expect([head.ObjectLockMode, head.ObjectLockLegalHoldStatus]).toEqual([undefined, undefined]);
  });

  it('a bucket without object lock refuses every lock request and header: InvalidRequest', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'plain', Key: 'k', Body: 'x' }));
    const lock = { ObjectLockMode: 'GOVERNANCE' as const, ObjectLockRetainUntilDate: inDays(1) };
    const calls: [string, () => Promise<unknown>][] = [
      [
        'CopyObject',
        () =>
          t.s3.send(
            new s3sdk.CopyObjectCommand({ Bucket: 'plain', Key: 'c', CopySource: 'plain/k', ...lock }),
          ),
      ],
      [
        'CreateMultipartUpload',
        () => t.s3.send(new s3sdk.CreateMultipartUploadCommand({ Bucket: 'plain', Key: 'c', ...lock })),
      ],
      [
        'CreateMultipartUpload hold',
        () =>
          t.s3.send(
            new s3sdk.CreateMultipartUploadCommand({
              Bucket: 'plain',
              Key: 'c',
              ObjectLockLegalHoldStatus: 'ON',
            }),
          ),
      ],
      [
        'PutObjectRetention',
        () =>
          t.s3.send(
            new PutObjectRetentionCommand({
              Bucket: 'plain',
              Key: 'k',
              Retention: { Mode: 'GOVERNANCE', RetainUntilDate: inDays(1) },
            }),
          ),
      ],
      [
        'PutObjectLegalHold',
        () =>
          t.s3.send(
            new PutObjectLegalHoldCommand({ Bucket: 'plain', Key: 'k', LegalHold: { Status: 'ON' } }),
          ),
      ],
      ['GetObjectRetention', () => t.s3.send(new GetObjectRetentionCommand({ Bucket: 'plain', Key: 'k' }))],
    ];
    for (const [name, call] of calls)
      await expect(call(), name).rejects.toMatchObject({
        name: 'InvalidRequest',
        message: 'Bucket is missing Object Lock Configuration.',
        $metadata: { httpStatusCode: 400 },
      });
    // Nothing was written.
    const listed = await t.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'plain', Prefix: 'c' }));
    expect(listed.KeyCount).toBe(0);
    const uploads = await t.s3.send(new s3sdk.ListMultipartUploadsCommand({ Bucket: 'plain' }));
    expect(uploads.Uploads ?? []).toEqual([]);
  });

  it('a retain-until date must be an RFC 3339 time that exists, with its zone', async () => {
    for (const date of ['2099-02-30T00:00:00Z', '2099-01-01T00:00:00', '2099-01-01', 'soon']) {
      const res = await signedRequest(t.store.port, {
        method: 'PUT',
        path: '/worm/strict',
        body: 'x',
        headers: { 'x-amz-object-lock-mode': 'GOVERNANCE', 'x-amz-object-lock-retain-until-date': date },
      });
      expect([res.status, xmlCode(res.body)], date).toEqual([400, 'InvalidRequest']);
    }
    const ok = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/worm/strict',
      body: 'x',
      headers: {
        'x-amz-object-lock-mode': 'GOVERNANCE',
        'x-amz-object-lock-retain-until-date': '2099-01-01T00:00:00+05:30',
      },
    });
    expect(ok.status).toBe(200);
    const got = await t.s3.send(new GetObjectRetentionCommand({ Bucket: 'worm', Key: 'strict' }));
    expect(got.Retention?.RetainUntilDate?.toISOString()).toBe('2098-12-31T18:30:00.000Z');
  });

  it('works through the minio SDK', async () => {
    await t.minio.putObject('worm', 'm', Buffer.from('m'));
    const until = inDays(1);
    await t.minio.putObjectRetention('worm', 'm', {
      versionId: '', // the latest version: the SDK sends no versionId for an empty one
      mode: RETENTION_MODES.GOVERNANCE,
      retainUntilDate: until.toISOString(),
    });
    const r = await t.minio.getObjectRetention('worm', 'm');
    expect(r).toMatchObject({ mode: 'GOVERNANCE' });
    await t.minio.setObjectLegalHold('worm', 'm', { status: 'ON' });
    expect(await t.minio.getObjectLegalHold('worm', 'm')).toEqual({ Status: 'ON' });
  });
});
