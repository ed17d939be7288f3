import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/store.js';
import { rootClient } from './child.js';
import { pattern } from './support.js';
import { tierRig } from './tier-gate.js';

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
});
