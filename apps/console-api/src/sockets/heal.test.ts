import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealFrame } from '@stowage/contract';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HealTally, healFrames } from './heal.js';

// The Heal screen's frames from a real four-drive store (what `stowage start` runs: data in
// <data>/drive1..drive4, two parity): one drive loses its copy of a bucket's folder, as the
// e2e test damages it, and a heal over the socket's generator turns every item green.

const ROOT = { accessKey: 'heal-admin', secretKey: 'heal-secret-key-1234' };
const BODY = Buffer.alloc(300 * 1024, 7); // past the inline limit: shards are files

let dir: string;
let drives: string[];
let store: StoreHandle;
let admin: MadminClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-heal-frames-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  store = await startStore({ drives, port: 0, rootCredentials: ROOT });
  admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
  const url = new URL(store.url);
  const s3 = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    ...ROOT,
  });
  await s3.makeBucket('damaged');
  for (const key of ['a', 'b', 'nested/c']) await s3.putObject('damaged', key, BODY);
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

async function lastFrame(query: Parameters<typeof healFrames>[2]): Promise<HealFrame> {
  let last: HealFrame | undefined;
  for await (const frame of healFrames(admin, 'damaged', query, new AbortController().signal)) last = frame;
  return last!;
}

describe('healFrames on a damaged drive', () => {
  test('a drive that lost a bucket folder: before not all green, after all green, objects healed', async () => {
    await rm(join(drives[1]!, 'damaged'), { recursive: true, force: true });
    // A dry run sees the damage and leaves it.
    const dry = await lastFrame({ recursive: 'yes', 'dry-run': 'yes' });
    expect(dry.summary).toBe('finished');
    expect(dry.healthBeforeCols.Yellow).toBe(3);
    expect(dry.healthAfterCols).toEqual(dry.healthBeforeCols);
    expect(await readdir(join(drives[1]!, 'damaged')).catch((e: NodeJS.ErrnoException) => e.code)).toBe(
      'ENOENT',
    );

    const healed = await lastFrame({ recursive: 'yes' });
    expect(healed).toMatchObject({ summary: 'finished', objectsScanned: 3, itemsScanned: 4 });
    expect(healed.healthBeforeCols.Green).toBeLessThan(healed.itemsScanned);
    expect(healed.healthAfterCols).toEqual({ Green: 4, Yellow: 0, Red: 0, Grey: 0 });
    expect(healed.objectsHealed).toBeGreaterThanOrEqual(1);
    expect((await readdir(join(drives[1]!, 'damaged'))).length).toBeGreaterThan(0);

    // Nothing is left to heal.
    const again = await lastFrame({ recursive: 'yes' });
    expect(again.healthBeforeCols).toEqual({ Green: 4, Yellow: 0, Red: 0, Grey: 0 });
    expect(again.objectsHealed).toBe(0);
  });

  test('without recursive only the bucket is healed', async () => {
    const frame = await lastFrame({});
    expect(frame).toMatchObject({ summary: 'finished', itemsScanned: 1, objectsScanned: 0 });
  });
});

describe('HealTally', () => {
  const drives4 = (...states: string[]) => ({
    drives: states.map((state, i) => ({ uuid: '', endpoint: `/d${i}`, state })),
  });
  const item = (before: string[], after: string[], detail = '') => ({
    resultId: 1,
    type: 'object' as const,
    bucket: 'b',
    object: 'o',
    versionId: '',
    detail,
    dataBlocks: 2,
    parityBlocks: 2,
    diskCount: 4,
    setCount: 1,
    objectSize: 10,
    before: drives4(...before),
    after: drives4(...after),
  });

  test('a corrupt shard is not ok; a dangling object removed counts as healed, one kept does not', () => {
    const tally = new HealTally();
    tally.add(item(['ok', 'corrupt', 'ok', 'ok'], ['ok', 'ok', 'ok', 'ok']));
    tally.add(
      item(['ok', 'missing', 'missing', 'missing'], ['ok', 'ok', 'ok', 'ok'], 'dangling object removed'),
    );
    tally.add(
      item(
        ['ok', 'missing', 'missing', 'missing'],
        ['ok', 'missing', 'missing', 'missing'],
        'dangling object: not removed (heal with remove to delete it)',
      ),
    );
    const frame = tally.frame('finished', 0, 0);
    expect(frame.healthBeforeCols).toEqual({ Green: 0, Yellow: 1, Red: 0, Grey: 2 });
    expect(frame.healthAfterCols).toEqual({ Green: 2, Yellow: 0, Red: 0, Grey: 1 });
    expect(frame.objectsHealed).toBe(2);
  });
});
