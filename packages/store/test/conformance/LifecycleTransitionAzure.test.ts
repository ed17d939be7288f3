import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  AZURITE_ACCOUNT,
  AZURITE_KEY,
  type Azurite,
  startAzurite,
} from '@stowage/test-support/peers/azurite';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedKey } from '../../src/ilm/transition/azure-backend.js';

// Transitions to an Azure-type tier, against Azurite's blob service: the blob REST calls
// signed with Shared Key, read-through with ranges, and the blob removed with the version.

let hot: TestStore;
let azurite: Azurite;
let admin: MadminClient;
const BUCKET = 'azure-hot';
const body = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) & 0xff));

/** One signed call to Azurite's blob service; its status and text. */
async function blobCall(method: string, path: string, query = '', key = AZURITE_KEY) {
  const url = new URL(`${azurite.endpoint}/${path}${query}`);
  const headers: Record<string, string> = {
    'x-ms-date': new Date().toUTCString(),
    'x-ms-version': '2021-08-06',
    'content-length': '0',
  };
  headers.authorization = sharedKey(AZURITE_ACCOUNT, key, method, url, headers);
  const res = await fetch(url, { method, headers });
  return { status: res.status, text: await res.text() };
}
const blobs = async () =>
  [
    ...(await blobCall('GET', 'cold', '?restype=container&comp=list')).text.matchAll(
      /<Name>([^<]+)<\/Name>/g,
    ),
  ].map((m) => m[1]!);

const azureTier = (name: string, key = AZURITE_KEY) => ({
  Version: 'v1' as const,
  Type: 'azure' as const,
  Name: name,
  Azure: {
    Endpoint: azurite.endpoint,
    AccountName: AZURITE_ACCOUNT,
    AccountKey: key,
    Bucket: 'cold',
    Prefix: 'stowage',
  },
});

beforeAll(async () => {
  [hot, azurite] = await Promise.all([startTestStore(), startAzurite()]);
  admin = new MadminClient({ endpoint: hot.store.url, credentials: ROOT });
  expect((await blobCall('PUT', 'cold', '?restype=container')).status).toBe(201);
  await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: BUCKET }));
  await admin.tiers.add(azureTier('AZURE'));
});
afterAll(async () => {
  await hot?.close();
  await azurite?.close();
});

const get = async (key: string, range?: string) => {
  const r = await hot.s3.send(
    new s3sdk.GetObjectCommand({ Bucket: BUCKET, Key: key, ...(range ? { Range: range } : {}) }),
  );
  return { r, bytes: Buffer.from(await r.Body!.transformToByteArray()) };
};

describe('transition to an Azure-type tier (Azurite)', () => {
  it('puts the data in a blob under the prefix and reads it through, ranges too', async () => {
    await hot.s3.send(
      new s3sdk.PutObjectCommand({ Bucket: BUCKET, Key: 'a.bin', Body: body, Metadata: { k: 'v' } }),
    );
    await hot.store.transitions.transitionVersion(BUCKET, 'a.bin', undefined, 'AZURE');
    const names = await blobs();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^stowage\/[0-9a-f]{16}\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const whole = await get('a.bin');
    expect(whole.r.StorageClass).toBe('AZURE');
    expect(whole.r.Metadata).toEqual({ k: 'v' });
    expect(whole.bytes.equals(body)).toBe(true);
    const part = await get('a.bin', 'bytes=1000-1999');
    expect(part.bytes.equals(body.subarray(1000, 2000))).toBe(true);
    const stats = Object.fromEntries((await admin.tiers.stats()).map((s) => [s.Name, s.Stats]));
    expect(stats.AZURE).toEqual({ totalSize: body.length, numVersions: 1, numObjects: 1 });
  });

  it('leaves the object here when the account key is wrong', async () => {
    await admin.tiers.add(azureTier('AZURE-BADKEY', Buffer.from('not the key').toString('base64')));
    await hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: BUCKET, Key: 'b.txt', Body: 'bee' }));
    await expect(
      hot.store.transitions.transitionVersion(BUCKET, 'b.txt', undefined, 'AZURE-BADKEY'),
    ).rejects.toThrow(/tier AZURE-BADKEY/);
    const b = await get('b.txt');
    expect(b.bytes.toString()).toBe('bee');
    expect(b.r.StorageClass).toBeUndefined();
    expect(await blobs()).toHaveLength(1);
  });

  it('removes the blob when the object is deleted', async () => {
    await hot.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: BUCKET, Key: 'a.bin' }));
    await expect.poll(blobs, { timeout: 10_000 }).toEqual([]);
  });
});
