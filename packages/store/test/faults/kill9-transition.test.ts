import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, prometheusToken } from '@stowage/madmin';
import { ROOT, rawRequest } from '@stowage/test-support/store/harness';
import { describe, expect, it } from 'vitest';
import { until } from '../support/notifications.js';
import { rootClient } from './child.js';
import { pattern } from './support.js';
import { tierRig } from './tier-rig.js';

// kill -9 of the hot store while a transition is between its two halves: the tier has
// taken (and acknowledged) the whole copy, the version here is not yet released. After a
// restart the object must be whole here, read from here, and not marked transitioned; the
// copy on the tier is an orphan, and a new transition then completes.

const rig = tierRig('kill9-transition');

describe('kill -9 during a transition', () => {
  it('leaves the object whole here when the store dies after the tier took the copy', {
    timeout: 120_000,
  }, async () => {
    const body = pattern(2 * 1024 * 1024 + 17, 9);
    const first = await rig.startHot();
    const s3 = rootClient(first.url);
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'hot' }));
    await s3.send(
      new s3sdk.PutObjectCommand({ Bucket: 'hot', Key: 'k.bin', Body: body, Metadata: { m: '1' } }),
    );
    await new MadminClient({ endpoint: first.url, credentials: ROOT }).tiers.add(rig.tier('COLD'));
    const killed = new Promise<void>((resolve) => {
      rig.gate.onTierPut = () => {
        first.child.kill('SIGKILL');
        first.child.once('exit', () => resolve());
        return true;
      };
    });
    void first.transition('hot', 'k.bin', 'COLD');
    await killed;
    rig.gate.onTierPut = undefined;
    s3.destroy();
    expect(first.child.signalCode).toBe('SIGKILL');
    // The tier holds the whole copy the store never heard about.
    const orphan = await rig.cold.s3.send(
      new s3sdk.ListObjectsV2Command({ Bucket: 'archive', Prefix: 'tier/' }),
    );
    expect(orphan.Contents?.map((o) => o.Size)).toEqual([body.length]);

    const second = await rig.startHot();
    const s3b = rootClient(second.url);
    try {
      const got = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'hot', Key: 'k.bin' }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
      expect(got.StorageClass).toBeUndefined();
      expect(got.Metadata).toEqual({ m: '1' });
      // Transitioning again completes, and reads come from the tier.
      expect(await second.transition('hot', 'k.bin', 'COLD')).toBe('ok');
      const moved = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'hot', Key: 'k.bin' }));
      expect(moved.StorageClass).toBe('COLD');
      expect(Buffer.from(await moved.Body!.transformToByteArray()).equals(body)).toBe(true);
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });

  it('many objects moving through the worker queue: after kill -9 each is whole here or fully on the tier', {
    timeout: 180_000,
  }, async () => {
    const env = { STOWAGE_SCANNER_CYCLE: '24h', STOWAGE_TEST_DAYS_AHEAD: '30' };
    const bodies = Array.from({ length: 16 }, (_, i) => pattern(300 * 1024 + i * 37 * 1024 + i, 100 + i));
    const keyOf = (i: number) => `obj-${String(i).padStart(2, '0')}.bin`;
    const first = await rig.startHot({ set: 'm', env });
    const s3 = rootClient(first.url);
    const admin = new MadminClient({ endpoint: first.url, credentials: ROOT });
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'many' }));
    for (const [i, b] of bodies.entries())
      await s3.send(new s3sdk.PutObjectCommand({ Bucket: 'many', Key: keyOf(i), Body: b }));
    await new MadminClient({ endpoint: first.url, credentials: ROOT }).tiers.add(rig.tier('COLD'));
    await s3.send(
      new s3sdk.PutBucketLifecycleConfigurationCommand({
        Bucket: 'many',
        LifecycleConfiguration: {
          Rules: [
            {
              ID: 'cold',
              Status: 'Enabled',
              Filter: { Prefix: '' },
              Transitions: [{ Days: 1, StorageClass: 'COLD' as s3sdk.TransitionStorageClass }],
            },
          ],
        },
      }),
    );
    // Four workers: at the kill some moves are released, some half-way, some still queued.
    await admin.config.setKV('api transition_workers=4');
    let answered = 0;
    let queueFigures = '';
    const killed = new Promise<void>((resolve) => {
      rig.gate.onTierPut = () => {
        answered++;
        if (answered < 6) return false;
        if (answered > 6) return true;
        // The sixth copy the tier took: read the queue's gauges, then kill the store.
        void rawRequest(Number(new URL(first.url).port), 'GET', '/minio/v2/metrics/node', {
          authorization: `Bearer ${prometheusToken(ROOT)}`,
        }).then((res) => {
          queueFigures = res.body;
          first.child.kill('SIGKILL');
          first.child.once('exit', () => resolve());
        });
        return true;
      };
    });
    void first.scan();
    await killed;
    rig.gate.onTierPut = undefined;
    s3.destroy();
    expect(first.child.signalCode).toBe('SIGKILL');
    const gauge = (name: string) =>
      Number(
        new RegExp(`^minio_node_ilm_transition_${name}\\{[^}]*\\} (\\d+)$`, 'm').exec(queueFigures)?.[1],
      );
    expect(gauge('active_tasks')).toBeGreaterThan(0);
    expect(gauge('active_tasks')).toBeLessThanOrEqual(4);
    expect(gauge('pending_tasks')).toBeGreaterThan(0);

    const second = await rig.startHot({ set: 'm', env });
    const s3b = rootClient(second.url);
    const read = async (i: number) => {
      const got = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'many', Key: keyOf(i) }));
      return {
        // A tier's name, which the SDK's list of storage classes does not hold.
        cls: got.StorageClass as string | undefined,
        ok: Buffer.from(await got.Body!.transformToByteArray()).equals(bodies[i]!),
      };
    };
    try {
      const after = await Promise.all(bodies.map((_, i) => read(i)));
      // Every object reads back right, whether it is here or on the tier; some made it, some did not.
      expect(after.every((r) => r.ok)).toBe(true);
      const moved = after.filter((r) => r.cls === 'COLD').length;
      expect(after.every((r) => r.cls === 'COLD' || r.cls === undefined)).toBe(true);
      expect(moved).toBeGreaterThan(0);
      expect(moved).toBeLessThan(bodies.length);
      // The next cycle moves the rest.
      expect(await second.scan()).toBe('ok');
      const last = await Promise.all(bodies.map((_, i) => read(i)));
      expect(last).toEqual(bodies.map(() => ({ cls: 'COLD', ok: true })));
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });

  it('a restore under way when the store is killed is still ongoing after the restart, and completes', {
    timeout: 120_000,
  }, async () => {
    const body = pattern(1024 * 1024 + 5, 21);
    const first = await rig.startHot({ set: 'r' });
    const s3 = rootClient(first.url);
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'back' }));
    await s3.send(new s3sdk.PutObjectCommand({ Bucket: 'back', Key: 'r.bin', Body: body }));
    await new MadminClient({ endpoint: first.url, credentials: ROOT }).tiers.add(rig.tier('COLD'));
    expect(await first.transition('back', 'r.bin', 'COLD')).toBe('ok');
    const reading = new Promise<void>((resolve) => {
      rig.gate.onTierRead = () => {
        resolve();
        return true;
      };
    });
    const restore = (client: s3sdk.S3Client) =>
      client.send(
        new s3sdk.RestoreObjectCommand({ Bucket: 'back', Key: 'r.bin', RestoreRequest: { Days: 1 } }),
      );
    const restoreHeader = async (client: s3sdk.S3Client) =>
      (await client.send(new s3sdk.HeadObjectCommand({ Bucket: 'back', Key: 'r.bin' }))).Restore;
    expect((await restore(s3)).$metadata.httpStatusCode).toBe(202);
    await reading;
    expect(await restoreHeader(s3)).toBe('ongoing-request="true"');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    s3.destroy();
    rig.gate.onTierRead = undefined;

    const second = await rig.startHot({ set: 'r' });
    const s3b = rootClient(second.url);
    try {
      // Kept in the version: ongoing still, and served from the tier meanwhile.
      expect(await restoreHeader(s3b)).toBe('ongoing-request="true"');
      const meanwhile = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'back', Key: 'r.bin' }));
      expect(Buffer.from(await meanwhile.Body!.transformToByteArray()).equals(body)).toBe(true);
      // Asked again, this store (which runs no restore of it) starts it again.
      expect((await restore(s3b)).$metadata.httpStatusCode).toBe(202);
      const done = await until(
        () => restoreHeader(s3b),
        (h) => h?.startsWith('ongoing-request="false"') ?? false,
      );
      expect(done).toMatch(/^ongoing-request="false", expiry-date=/);
      const got = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'back', Key: 'r.bin' }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });
});
