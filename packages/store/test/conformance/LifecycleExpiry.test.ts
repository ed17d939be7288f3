import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, prometheusToken } from '@stowage/madmin';
import {
  ROOT,
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
  withEnv,
} from '@stowage/test-support/store/harness';
import { listening, until } from '@stowage/test-support/wait';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The lifecycle expiry engine against a real store: rules put through the SDK, the scanner
// run a cycle with the store's clock moved days ahead, and what S3 then shows.

const {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectVersionsCommand,
  PutBucketLifecycleConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
} = s3sdk;

const DAY = 86_400_000;
let aheadMs = 0;
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ clock: () => new Date(Date.now() + aheadMs) });
});
afterAll(() => t.close());

/** Runs a scanner cycle as if `days` had passed since now. */
async function scanAfter(days: number): Promise<void> {
  aheadMs = days * DAY;
  try {
    await t.store.runScannerCycle();
  } finally {
    aheadMs = 0;
  }
}

const bucket = async (Bucket: string, opts: { versioned?: boolean; locked?: boolean } = {}) => {
  await t.s3.send(
    new CreateBucketCommand({ Bucket, ...(opts.locked ? { ObjectLockEnabledForBucket: true } : {}) }),
  );
  if (opts.versioned)
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
};
const rules = (Bucket: string, Rules: s3sdk.LifecycleRule[]) =>
  t.s3.send(new PutBucketLifecycleConfigurationCommand({ Bucket, LifecycleConfiguration: { Rules } }));
/** A lifecycle document as raw XML: MinIO's own elements, which the SDK cannot send. */
async function putLifecycleXml(Bucket: string, rule: string): Promise<void> {
  const xml = `<LifecycleConfiguration><Rule>${rule}</Rule></LifecycleConfiguration>`;
  const res = await signedRequest(t.store.port, {
    method: 'PUT',
    path: `/${Bucket}?lifecycle`,
    body: xml,
    headers: { 'content-md5': createHash('md5').update(xml).digest('base64') },
  });
  expect(res.status).toBe(200);
}
const put = (Bucket: string, Key: string, extra: Partial<s3sdk.PutObjectCommandInput> = {}) =>
  t.s3.send(new PutObjectCommand({ Bucket, Key, Body: 'x'.repeat(100), ...extra }));
const exists = (Bucket: string, Key: string) =>
  t.s3.send(new HeadObjectCommand({ Bucket, Key })).then(
    () => true,
    (err: { name?: string }) => {
      if (err.name === 'NotFound') return false;
      throw err;
    },
  );
const versions = async (Bucket: string, Prefix = '') => {
  const out = await t.s3.send(new ListObjectVersionsCommand({ Bucket, Prefix }));
  return {
    objects: (out.Versions ?? []).map((v) => ({ key: v.Key, id: v.VersionId, latest: v.IsLatest })),
    markers: (out.DeleteMarkers ?? []).map((v) => ({ key: v.Key, id: v.VersionId, latest: v.IsLatest })),
  };
};
/** The first midnight UTC at least `days` days after `d`. */
const midnightAfter = (d: Date, days: number) =>
  new Date(Math.floor((d.getTime() + (days + 1) * DAY) / DAY) * DAY);

describe('Expiration of current versions', () => {
  it('deletes an unversioned object after Days (midnight UTC), only under its prefix', async () => {
    await bucket('exp-days');
    await rules('exp-days', [
      { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 2 } },
    ]);
    await put('exp-days', 'logs/a');
    await put('exp-days', 'data/b');
    await scanAfter(1);
    expect(await exists('exp-days', 'logs/a')).toBe(true);
    await scanAfter(3);
    expect(await exists('exp-days', 'logs/a')).toBe(false);
    expect(await exists('exp-days', 'data/b')).toBe(true);
    // Nothing of it is left behind: no version, no delete marker.
    expect(await versions('exp-days', 'logs/')).toEqual({ objects: [], markers: [] });
  });

  it('sends x-amz-expiration on GET and HEAD of a covered current version, as AWS words it', async () => {
    await bucket('exp-header');
    await rules('exp-header', [
      { ID: 'month', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 30 } },
      { ID: 'week', Status: 'Enabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 7 } },
    ]);
    await put('exp-header', 'tmp/a');
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'exp-header', Key: 'tmp/a' }));
    const due = midnightAfter(head.LastModified!, 7).toUTCString();
    expect(head.Expiration).toBe(`expiry-date="${due}", rule-id="week"`);
    const get = await t.s3.send(new GetObjectCommand({ Bucket: 'exp-header', Key: 'tmp/a' }));
    await get.Body?.transformToString();
    expect(get.Expiration).toBe(`expiry-date="${due}", rule-id="week"`);
    await bucket('no-rules');
    await put('no-rules', 'a');
    expect(
      (await t.s3.send(new HeadObjectCommand({ Bucket: 'no-rules', Key: 'a' }))).Expiration,
    ).toBeUndefined();
  });

  it('expires on a Date once it has come', async () => {
    await bucket('exp-date');
    const tomorrow = new Date(Math.floor(Date.now() / DAY) * DAY + DAY);
    await rules('exp-date', [
      { ID: 'd', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Date: tomorrow } },
    ]);
    await put('exp-date', 'a');
    await scanAfter(0);
    expect(await exists('exp-date', 'a')).toBe(true);
    await scanAfter(1);
    expect(await exists('exp-date', 'a')).toBe(false);
  });

  it('gives a versioned object a delete marker and keeps its data as a noncurrent version', async () => {
    await bucket('exp-versioned', { versioned: true });
    await rules('exp-versioned', [
      { ID: 'e', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } },
    ]);
    const { VersionId } = await put('exp-versioned', 'a');
    await scanAfter(3);
    const after = await versions('exp-versioned');
    expect(after.objects).toEqual([{ key: 'a', id: VersionId, latest: false }]);
    expect(after.markers).toHaveLength(1);
    expect(after.markers[0]!.latest).toBe(true);
    // A second cycle does not stack another marker on the first.
    await scanAfter(6);
    expect((await versions('exp-versioned')).markers).toHaveLength(1);
  });

  it('ignores Disabled rules', async () => {
    await bucket('exp-disabled');
    await rules('exp-disabled', [
      { ID: 'off', Status: 'Disabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } },
    ]);
    await put('exp-disabled', 'a');
    await scanAfter(10);
    expect(await exists('exp-disabled', 'a')).toBe(true);
  });
});

describe('Events', () => {
  it('announces what expiry removed, as a client delete is announced', async () => {
    await bucket('exp-events', { versioned: true });
    await rules('exp-events', [
      { ID: 'e', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } },
      {
        ID: 'nc',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      },
    ]);
    await put('exp-events', 'a');
    await put('exp-events', 'a');
    const listener = t.minio.listenBucketNotification('exp-events', '', '', ['s3:ObjectRemoved:*']);
    const heard: { eventName: string; s3: { object: { key: string } } }[] = [];
    listener.on('notification', (r) => heard.push(r as (typeof heard)[number]));
    // A delete of a key never written: a delete marker, and its event.
    await listening(
      () => heard.length > 0,
      () => t.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'exp-events', Key: 'probe' })),
    );
    const got = () => heard.filter((r) => r.s3.object.key !== 'probe');
    await scanAfter(3);
    await until(() => got().length >= 2, { timeout: 5000, interval: 100 });
    listener.stop();
    expect(
      got()
        .map((r) => [r.eventName, r.s3.object.key])
        .sort(),
    ).toEqual([
      ['s3:ObjectRemoved:Delete', 'a'],
      ['s3:ObjectRemoved:DeleteMarkerCreated', 'a'],
    ]);
  });
});

describe('Filters', () => {
  it('expires only objects carrying every tag of the rule', async () => {
    await bucket('exp-tags');
    await rules('exp-tags', [
      {
        ID: 'tagged',
        Status: 'Enabled',
        Filter: {
          And: {
            Prefix: '',
            Tags: [
              { Key: 'tier', Value: 'temp' },
              { Key: 'team', Value: 'a' },
            ],
          },
        },
        Expiration: { Days: 1 },
      },
    ]);
    await put('exp-tags', 'both', { Tagging: 'tier=temp&team=a' });
    await put('exp-tags', 'one', { Tagging: 'tier=temp' });
    await put('exp-tags', 'none');
    await scanAfter(3);
    expect(await exists('exp-tags', 'both')).toBe(false);
    expect(await exists('exp-tags', 'one')).toBe(true);
    expect(await exists('exp-tags', 'none')).toBe(true);
  });

  it('expires only objects whose size lies strictly between the bounds', async () => {
    await bucket('exp-size');
    await rules('exp-size', [
      {
        ID: 'mid',
        Status: 'Enabled',
        Filter: { And: { Prefix: '', ObjectSizeGreaterThan: 10, ObjectSizeLessThan: 1000 } },
        Expiration: { Days: 1 },
      },
    ]);
    await put('exp-size', 'small', { Body: 'x'.repeat(10) });
    await put('exp-size', 'mid', { Body: 'x'.repeat(500) });
    await put('exp-size', 'big', { Body: 'x'.repeat(1000) });
    await scanAfter(3);
    expect(await exists('exp-size', 'small')).toBe(true);
    expect(await exists('exp-size', 'mid')).toBe(false);
    expect(await exists('exp-size', 'big')).toBe(true);
  });
});

describe('Noncurrent versions and delete markers', () => {
  it('removes noncurrent versions NoncurrentDays after they were replaced, keeping NewerNoncurrentVersions', async () => {
    await bucket('exp-noncurrent', { versioned: true });
    await rules('exp-noncurrent', [
      {
        ID: 'nc',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        NoncurrentVersionExpiration: { NoncurrentDays: 2, NewerNoncurrentVersions: 1 },
      },
    ]);
    const v1 = (await put('exp-noncurrent', 'a')).VersionId;
    const v2 = (await put('exp-noncurrent', 'a')).VersionId;
    const v3 = (await put('exp-noncurrent', 'a')).VersionId;
    await scanAfter(1);
    expect((await versions('exp-noncurrent')).objects.map((v) => v.id)).toEqual([v3, v2, v1]);
    await scanAfter(3);
    // v1 goes; v2 is the one newer noncurrent version the rule keeps; v3 is current.
    expect((await versions('exp-noncurrent')).objects.map((v) => v.id)).toEqual([v3, v2]);
  });

  it('removes a delete marker left with no version behind it (ExpiredObjectDeleteMarker)', async () => {
    await bucket('exp-marker', { versioned: true });
    await rules('exp-marker', [
      {
        ID: 'nc',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      },
      {
        ID: 'dm',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        Expiration: { ExpiredObjectDeleteMarker: true },
      },
    ]);
    await put('exp-marker', 'gone');
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'exp-marker', Key: 'gone' }));
    await put('exp-marker', 'kept');
    // The first cycle takes the noncurrent version, the next the marker it left alone.
    await scanAfter(3);
    await scanAfter(3);
    const after = await versions('exp-marker');
    expect(after.markers).toEqual([]);
    expect(after.objects.map((v) => v.key)).toEqual(['kept']);
  });
});

describe("MinIO's all-versions actions", () => {
  it('ExpiredObjectAllVersions takes every version of an expired object', async () => {
    await bucket('exp-allversions', { versioned: true });
    await putLifecycleXml(
      'exp-allversions',
      '<ID>all</ID><Status>Enabled</Status><Filter><Prefix>tmp/</Prefix></Filter><Expiration><Days>1</Days><ExpiredObjectAllVersions>true</ExpiredObjectAllVersions></Expiration>',
    );
    await put('exp-allversions', 'tmp/a');
    await put('exp-allversions', 'tmp/a');
    await put('exp-allversions', 'tmp/ab');
    await put('exp-allversions', 'keep');
    await scanAfter(3);
    const after = await versions('exp-allversions');
    expect(after.markers).toEqual([]);
    expect(after.objects.map((v) => v.key)).toEqual(['keep']);
  });

  it('DelMarkerExpiration takes the versions behind a delete marker once it is old enough', async () => {
    await bucket('exp-dmexpiry', { versioned: true });
    await putLifecycleXml(
      'exp-dmexpiry',
      '<ID>dm</ID><Status>Enabled</Status><Filter><Prefix></Prefix></Filter><DelMarkerExpiration><Days>2</Days></DelMarkerExpiration>',
    );
    await put('exp-dmexpiry', 'gone');
    await put('exp-dmexpiry', 'gone');
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'exp-dmexpiry', Key: 'gone' }));
    await put('exp-dmexpiry', 'kept');
    await scanAfter(1);
    expect((await versions('exp-dmexpiry')).markers).toHaveLength(1);
    await scanAfter(3);
    const after = await versions('exp-dmexpiry');
    expect(after.markers).toEqual([]);
    expect(after.objects.map((v) => v.key)).toEqual(['kept']);
  });
});

describe('AbortIncompleteMultipartUpload', () => {
  it('aborts uploads DaysAfterInitiation after they began, under the prefix only', async () => {
    await bucket('exp-mpu');
    await rules('exp-mpu', [
      {
        ID: 'mpu',
        Status: 'Enabled',
        Filter: { Prefix: 'tmp/' },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      },
    ]);
    await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'exp-mpu', Key: 'tmp/a' }));
    const kept = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'exp-mpu', Key: 'keep/a' }));
    await scanAfter(3);
    const left = await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'exp-mpu' }));
    expect((left.Uploads ?? []).map((u) => u.Key)).toEqual(['keep/a']);
    await expect(
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'exp-mpu',
          Key: 'keep/a',
          UploadId: kept.UploadId!,
          MultipartUpload: { Parts: [] },
        }),
      ),
    ).rejects.toMatchObject({ name: 'MalformedXML' });
  });
});

describe('Object lock', () => {
  it('never removes a version under retention or legal hold', async () => {
    await bucket('exp-locked', { locked: true });
    await rules('exp-locked', [
      {
        ID: 'nc',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      },
      { ID: 'e', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } },
    ]);
    const retained = await put('exp-locked', 'retained', {
      ObjectLockMode: 'GOVERNANCE',
      ObjectLockRetainUntilDate: new Date(Date.now() + 30 * DAY),
    });
    await put('exp-locked', 'retained');
    const held = await put('exp-locked', 'held');
    await t.s3.send(
      new PutObjectLegalHoldCommand({ Bucket: 'exp-locked', Key: 'held', LegalHold: { Status: 'ON' } }),
    );
    await put('exp-locked', 'held');
    const free = await put('exp-locked', 'free');
    await put('exp-locked', 'free');
    await scanAfter(3);
    const ids = (await versions('exp-locked')).objects.map((v) => v.id);
    expect(ids).toContain(retained.VersionId);
    expect(ids).toContain(held.VersionId);
    expect(ids).not.toContain(free.VersionId);
  });
});

describe('Metrics', () => {
  it("reports the scanner's and the expiry engine's counters at /minio/v2/metrics/node, as MinIO names them", async () => {
    await bucket('exp-metrics');
    await rules('exp-metrics', [
      { ID: 'e', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } },
    ]);
    await put('exp-metrics', 'a');
    const scrape = async () => {
      const res = await rawRequest(t.store.port, 'GET', '/minio/v2/metrics/node', {
        authorization: `Bearer ${prometheusToken(ROOT)}`,
      });
      const value = (name: string) =>
        Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(res.body)?.[1]);
      return {
        objects: value('minio_node_scanner_objects_scanned'),
        versions: value('minio_node_scanner_versions_scanned'),
        finished: value('minio_node_scanner_bucket_scans_finished'),
        checked: value('minio_node_ilm_versions_scanned'),
        deleted: value('minio_node_ilm_action_count_delete_action'),
      };
    };
    const before = await scrape();
    await scanAfter(3);
    const after = await scrape();
    expect(after.objects).toBeGreaterThan(before.objects);
    expect(after.versions).toBeGreaterThan(before.versions);
    expect(after.finished).toBeGreaterThan(before.finished);
    expect(after.checked).toBeGreaterThan(before.checked);
    expect(after.deleted).toBe(before.deleted + 1);
  });
});

describe('Background cycles', () => {
  const clockAhead = () => new Date(Date.now() + 3 * DAY);

  /**
   * A one-day expiry rule and an object, then a wait until the object is gone. Behaviour, not
   * timing: it goes by itself, however long the machine takes (the test's timeout is the bound).
   */
  async function expiresByItself(store: TestStore): Promise<void> {
    await store.s3.send(new CreateBucketCommand({ Bucket: 'background' }));
    await store.s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: 'background',
        LifecycleConfiguration: {
          Rules: [{ ID: 'e', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } }],
        },
      }),
    );
    await store.s3.send(new PutObjectCommand({ Bucket: 'background', Key: 'a', Body: 'x' }));
    await vi.waitFor(
      async () => {
        const listed = await store.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'background' }));
        if ((listed.KeyCount ?? 0) !== 0) throw new Error('not expired yet');
      },
      { timeout: 60_000, interval: 50 },
    );
  }

  it('expire objects without being asked, paced by STOWAGE_SCANNER_CYCLE', async () => {
    const bg = await withEnv({ STOWAGE_SCANNER_CYCLE: '100ms' }, () => startTestStore({ clock: clockAhead }));
    try {
      await expiresByItself(bg);
    } finally {
      await bg.close();
    }
  });

  it('follow the scanner sub-system set through the admin API, without a restart', async () => {
    const live = await startTestStore({ clock: clockAhead });
    try {
      const admin = new MadminClient({ endpoint: live.store.url, credentials: ROOT });
      expect(await admin.config.setKV('scanner speed=fast cycle=100ms')).toEqual({ restart: false });
      // The default cycle is a minute: the object goes soon only because the new one applies.
      await expiresByItself(live);
    } finally {
      await live.close();
    }
  });

  it('refuses a STOWAGE_SCANNER_CYCLE that is no duration, naming it', async () => {
    await expect(withEnv({ STOWAGE_SCANNER_CYCLE: 'soon' }, () => startTestStore())).rejects.toThrow(
      /STOWAGE_SCANNER_CYCLE/,
    );
  });
});
