import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Installed, python } from './boto3.js';

const {
  CreateBucketCommand,
  DeleteBucketLifecycleCommand,
  GetBucketLifecycleConfigurationCommand,
  PutBucketLifecycleConfigurationCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'ilm' }));
});
afterAll(() => t.close());

/** One rule, as raw XML (MinIO's own elements included), into `bucket`'s lifecycle. */
const putRuleXml = (bucket: string, rule: string) => {
  const body = `<LifecycleConfiguration><Rule><ID>r</ID><Status>Enabled</Status>${rule}</Rule></LifecycleConfiguration>`;
  return signedRequest(t.store.port, {
    method: 'PUT',
    path: `/${bucket}?lifecycle`,
    body,
    headers: { 'content-md5': createHash('md5').update(body).digest('base64') },
  });
};

const put = (Rules: s3sdk.LifecycleRule[]) =>
  t.s3.send(new PutBucketLifecycleConfigurationCommand({ Bucket: 'ilm', LifecycleConfiguration: { Rules } }));

describe('Get/Put/DeleteBucketLifecycle', () => {
  it('stores a validated document; absent is NoSuchLifecycleConfiguration', async () => {
    await expect(
      t.s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: 'ilm' })),
    ).rejects.toMatchObject({
      name: 'NoSuchLifecycleConfiguration',
      $metadata: { httpStatusCode: 404 },
    });
    const rules: s3sdk.LifecycleRule[] = [
      { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } },
      {
        ID: 'mpu',
        Status: 'Disabled',
        Filter: { Prefix: '' },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 },
      },
    ];
    await put(rules);
    const got = await t.s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: 'ilm' }));
    expect(got.Rules).toEqual(rules);
    await t.s3.send(new DeleteBucketLifecycleCommand({ Bucket: 'ilm' }));
    await expect(
      t.s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: 'ilm' })),
    ).rejects.toMatchObject({
      name: 'NoSuchLifecycleConfiguration',
    });
  });

  it('refuses rules without an action, bad status, duplicate or over-long IDs, no rules and non-positive days', async () => {
    await expect(put([{ ID: 'a', Status: 'Enabled', Filter: { Prefix: '' } }])).rejects.toMatchObject({
      name: 'InvalidRequest',
    });
    await expect(
      put([{ Status: 'Maybe' as s3sdk.ExpirationStatus, Filter: { Prefix: '' }, Expiration: { Days: 1 } }]),
    ).rejects.toMatchObject({ name: 'MalformedXML' });
    const rule = { ID: 'same', Status: 'Enabled' as const, Filter: { Prefix: '' }, Expiration: { Days: 1 } };
    await expect(put([rule, rule])).rejects.toMatchObject({ name: 'InvalidArgument' });
    await expect(put([{ ...rule, Expiration: { Days: 0 } }])).rejects.toMatchObject({
      name: 'InvalidArgument',
    });
    await expect(put([{ ...rule, ID: 'i'.repeat(256) }])).rejects.toMatchObject({
      name: 'InvalidArgument',
      message: 'ID length should not exceed allowed limit of 255',
    });
    await put([{ ...rule, ID: 'i'.repeat(255) }]);
    const empty = '<LifecycleConfiguration></LifecycleConfiguration>';
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/ilm?lifecycle',
      body: empty,
      headers: { 'content-md5': createHash('md5').update(empty).digest('base64') },
    });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'MalformedXML']);
  });

  it('gives a rule saved without an ID (or with an empty one) an ID of its own, as MinIO does', async () => {
    boto3Installed();
    const out = await python(
      t,
      `
rules = [
  {'Status': 'Enabled', 'Filter': {'Prefix': 'a/'}, 'Expiration': {'Days': 3}},
  {'ID': '', 'Status': 'Enabled', 'Filter': {'Prefix': 'b/'}, 'Expiration': {'Days': 4}},
  {'ID': 'named', 'Status': 'Enabled', 'Filter': {'Prefix': 'c/'}, 'Expiration': {'Days': 5}},
]
s3.put_bucket_lifecycle_configuration(Bucket='ilm', LifecycleConfiguration={'Rules': rules})
got = s3.get_bucket_lifecycle_configuration(Bucket='ilm')['Rules']
print(json.dumps([[r.get('ID', ''), r['Filter']['Prefix']] for r in got]))
`,
    );
    const ids = (out as [string, string][]).map(([id]) => id);
    expect((out as [string, string][]).map(([, prefix]) => prefix)).toEqual(['a/', 'b/', 'c/']);
    expect(ids[2]).toBe('named');
    for (const id of ids) expect(id.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(3);
    await t.s3.send(new DeleteBucketLifecycleCommand({ Bucket: 'ilm' }));
  });

  it('documents as MinIO reads them: a rule names its objects, sizes are numbers, DelMarkerExpiration', async () => {
    const putXml = (rule: string) => putRuleXml('ilm', rule);
    const expire = '<Expiration><Days>1</Days></Expiration>';
    for (const [rule, code] of [
      [expire, 'MalformedXML'], // neither Filter nor Prefix
      [`<Filter><ObjectSizeGreaterThan>abc</ObjectSizeGreaterThan></Filter>${expire}`, 'MalformedXML'],
      [
        `<Filter><And><Prefix>a</Prefix><ObjectSizeLessThan>-1</ObjectSizeLessThan></And></Filter>${expire}`,
        'MalformedXML',
      ],
      ['<Filter/><DelMarkerExpiration><Days>0</Days></DelMarkerExpiration>', 'InvalidArgument'],
    ]) {
      const res = await putXml(rule!);
      expect([res.status, xmlCode(res.body)], rule).toEqual([400, code]);
    }
    // 1000 rules of several elements each: within the document's size, so within its tags.
    const many = Array.from(
      { length: 1000 },
      (_, i) =>
        `<Rule><ID>r${i}</ID><Status>Enabled</Status><Filter><And><Prefix>p${i}/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag></And></Filter>${expire}<NoncurrentVersionExpiration><NoncurrentDays>2</NoncurrentDays></NoncurrentVersionExpiration></Rule>`,
    ).join('');
    const manyBody = `<LifecycleConfiguration>${many}</LifecycleConfiguration>`;
    const big = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/ilm?lifecycle',
      body: manyBody,
      headers: { 'content-md5': createHash('md5').update(manyBody).digest('base64') },
    });
    expect(big.status).toBe(200);
    for (const rule of [
      `<Prefix>old/</Prefix>${expire}`,
      `<Filter><ObjectSizeGreaterThan>1048576</ObjectSizeGreaterThan></Filter>${expire}`,
      '<Filter/><DelMarkerExpiration><Days>3</Days></DelMarkerExpiration>',
    ])
      expect((await putXml(rule)).status, rule).toBe(200);
  });

  it('refuses actions and filters no lifecycle engine could apply', async () => {
    const base = { ID: 'r', Status: 'Enabled' as const, Filter: { Prefix: '' } };
    const tomorrow = new Date(Date.UTC(2099, 0, 1));
    const cases: [s3sdk.LifecycleRule, string][] = [
      [{ ...base, Expiration: { Days: 30, Date: tomorrow } }, 'InvalidArgument'],
      [{ ...base, Expiration: { Date: new Date(Date.UTC(2099, 0, 1, 5)) } }, 'InvalidArgument'],
      [{ ...base, Expiration: {} }, 'InvalidArgument'],
      [{ ...base, Expiration: { Days: 1, ExpiredObjectDeleteMarker: true } }, 'InvalidArgument'],
      [{ ...base, NoncurrentVersionExpiration: { NoncurrentDays: 0 } }, 'InvalidArgument'],
      // a transition names when, once; the tier check comes after these
      [{ ...base, Transitions: [{ Days: 1, Date: tomorrow, StorageClass: 'GLACIER' }] }, 'InvalidArgument'],
      [{ ...base, Transitions: [{ StorageClass: 'GLACIER' }] }, 'InvalidArgument'],
      [
        { ...base, NoncurrentVersionTransitions: [{ NoncurrentDays: -1, StorageClass: 'GLACIER' }] },
        'InvalidArgument',
      ],
      // A tier name the store does not know: not one of the SDK's storage classes either.
      [
        { ...base, Transitions: [{ Days: 0, StorageClass: 'NO-SUCH-TIER' as s3sdk.TransitionStorageClass }] },
        'InvalidStorageClass',
      ],
      [{ ...base, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 0 } }, 'InvalidArgument'],
      [
        {
          ...base,
          Filter: { Tag: { Key: 'k', Value: 'v' } },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        },
        'InvalidRequest',
      ],
      [
        { ...base, Filter: { Prefix: 'a/', Tag: { Key: 'k', Value: 'v' } }, Expiration: { Days: 1 } },
        'MalformedXML',
      ],
      // As MinIO checks them: a count of newer versions is positive, <And> joins two
      // conditions or more, and its tags have keys of their own.
      [
        { ...base, NoncurrentVersionExpiration: { NoncurrentDays: 1, NewerNoncurrentVersions: -1 } },
        'MalformedXML',
      ],
      [{ ...base, Filter: { And: { Prefix: 'a/' } }, Expiration: { Days: 1 } }, 'MalformedXML'],
      [
        {
          ...base,
          Filter: {
            And: {
              Tags: [
                { Key: 'k', Value: 'a' },
                { Key: 'k', Value: 'b' },
              ],
            },
          },
          Expiration: { Days: 1 },
        },
        'InvalidArgument',
      ],
    ];
    for (const [rule, code] of cases)
      await expect(put([rule]), JSON.stringify(rule)).rejects.toMatchObject({ name: code });
    await put([
      { ...base, ID: 'date', Expiration: { Date: tomorrow } },
      { ...base, ID: 'markers', Expiration: { ExpiredObjectDeleteMarker: true } },
      { ...base, ID: 'old', NoncurrentVersionExpiration: { NoncurrentDays: 7 } },
      { ...base, ID: 'keep-3', NoncurrentVersionExpiration: { NewerNoncurrentVersions: 3 } },
      {
        ...base,
        ID: 'both',
        Filter: { And: { Prefix: 'a/', Tags: [{ Key: 'k', Value: 'v' }] } },
        Expiration: { Days: 1 },
      },
    ]);
  });

  it('on an object-lock bucket, refuses the actions that would delete what the lock keeps', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'ilm-locked', ObjectLockEnabledForBucket: true }));
    for (const rule of [
      '<Filter/><DelMarkerExpiration><Days>3</Days></DelMarkerExpiration>',
      '<Filter/><Expiration><Days>3</Days><ExpiredObjectAllVersions>true</ExpiredObjectAllVersions></Expiration>',
    ]) {
      const res = await putRuleXml('ilm-locked', rule);
      expect([res.status, xmlCode(res.body)], rule).toEqual([400, 'InvalidArgument']);
      // The same rule is fine where nothing is locked.
      expect((await putRuleXml('ilm', rule)).status, rule).toBe(200);
    }
    expect((await putRuleXml('ilm-locked', '<Filter/><Expiration><Days>3</Days></Expiration>')).status).toBe(
      200,
    );
  });

  it('works through the minio SDK', async () => {
    await t.minio.setBucketLifecycle('ilm', {
      Rule: [{ ID: 'm', Status: 'Enabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 1 } }],
    });
    const got = await t.minio.getBucketLifecycle('ilm');
    expect(JSON.stringify(got)).toContain('tmp/');
  });
});
