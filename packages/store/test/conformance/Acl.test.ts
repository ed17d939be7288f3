import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Get/PutBucketAcl and Get/PutObjectAcl as MinIO answers them: every bucket and object is
// private to its owner; "private" and a FULL_CONTROL grant are accepted, nothing else.

const {
  CreateBucketCommand,
  GetBucketAclCommand,
  GetObjectAclCommand,
  PutBucketAclCommand,
  PutObjectAclCommand,
  PutObjectCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'acl' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'acl', Key: 'k', Body: 'x' }));
});
afterAll(() => t.close());

const fullControl = {
  Owner: { ID: '02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4', DisplayName: 'minio' },
  Grants: [
    {
      Grantee: {
        ID: '02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4',
        DisplayName: 'minio',
        Type: 'CanonicalUser' as const,
      },
      Permission: 'FULL_CONTROL' as const,
    },
  ],
};

describe('ACLs', () => {
  it('read as the owner with FULL_CONTROL, for buckets and objects', async () => {
    const bucket = await t.s3.send(new GetBucketAclCommand({ Bucket: 'acl' }));
    expect({ Owner: bucket.Owner, Grants: bucket.Grants }).toEqual(fullControl);
    const object = await t.s3.send(new GetObjectAclCommand({ Bucket: 'acl', Key: 'k' }));
    expect({ Owner: object.Owner, Grants: object.Grants }).toEqual(fullControl);
  });

  it('accept private and a FULL_CONTROL grant; other canned ACLs are NotImplemented', async () => {
    await t.s3.send(new PutBucketAclCommand({ Bucket: 'acl', ACL: 'private' }));
    await t.s3.send(new PutObjectAclCommand({ Bucket: 'acl', Key: 'k', ACL: 'private' }));
    await t.s3.send(new PutBucketAclCommand({ Bucket: 'acl', AccessControlPolicy: fullControl }));
    for (const send of [
      () => t.s3.send(new PutBucketAclCommand({ Bucket: 'acl', ACL: 'public-read' })),
      () => t.s3.send(new PutObjectAclCommand({ Bucket: 'acl', Key: 'k', ACL: 'public-read-write' })),
      () =>
        t.s3.send(
          new PutObjectAclCommand({
            Bucket: 'acl',
            Key: 'k',
            AccessControlPolicy: {
              ...fullControl,
              Grants: [{ ...fullControl.Grants[0], Permission: 'READ' }],
            },
          }),
        ),
    ])
      await expect(send()).rejects.toMatchObject({
        name: 'NotImplemented',
        $metadata: { httpStatusCode: 501 },
      });
  });

  it('answer NoSuchBucket and NoSuchKey for what is not there; an empty PUT is MalformedACLError', async () => {
    await expect(t.s3.send(new GetBucketAclCommand({ Bucket: 'no-such' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect(t.s3.send(new GetObjectAclCommand({ Bucket: 'acl', Key: 'missing' }))).rejects.toMatchObject(
      {
        name: 'NoSuchKey',
      },
    );
    const empty = await signedRequest(t.store.port, { method: 'PUT', path: '/acl?acl' });
    expect([empty.status, xmlCode(empty.body)]).toEqual([400, 'MalformedACLError']);
  });
});
