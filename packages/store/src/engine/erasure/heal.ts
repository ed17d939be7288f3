import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectMetaRecord } from '../../format/object-meta.js';
import { EngineError } from '../errors.js';
import { type DriveSet, reformatDrive } from '../fs/drives.js';
import { bucketDir, bucketRecordPath, META_FILE, objectDir, tmpDir } from '../fs/layout.js';
import { commitShards, dropShardFiles } from './commit.js';
import { decodeObject } from './decode.js';
import { encodeObject } from './encode.js';
import { type Chosen, chooseVersion, readMetas } from './meta.js';
import type { ErasureParams } from './params.js';
import { countUnreachable, doAll } from './quorum.js';
import { readReplicated, writeReplicated } from './replicated.js';
import { restoreDocuments } from './restore.js';
import { openSources } from './sources.js';

/**
 * Heals one object (the caller holds its lock): gives wiped drives their structure and
 * the bucket record back, decodes the agreed version while checking every shard, re-encodes
 * it and commits fresh shards and records on the drives that lacked them or held corrupt
 * ones. Reed-Solomon is deterministic, so rebuilt shards equal the lost ones.
 */
export async function healObject(
  set: DriveSet,
  params: ErasureParams,
  bucket: string,
  key: string,
): Promise<{ healed: number[] }> {
  const drives = set.drives;
  const fresh = await Promise.all(drives.map((_, i) => reformatDrive(set, i).catch(() => false)));
  await restoreDocuments(drives, params, fresh);
  const bucketRecord = await readReplicated(drives, params, (d) => bucketRecordPath(d, bucket));
  if (bucketRecord !== undefined) {
    await doAll(drives, (d) => mkdir(bucketDir(d, bucket), { recursive: true }));
    await writeReplicated(drives, params, (d) => bucketRecordPath(d, bucket), bucketRecord);
  }

  let chosen: Chosen;
  try {
    chosen = await chooseVersion(drives, params, bucket, key);
  } catch (err) {
    if (!(err instanceof EngineError && err.code === 'NoSuchKey')) throw err;
    await dropDangling(drives, bucket, key);
    return { healed: [] };
  }
  const { record, holders } = chosen;
  const total = record.erasure.data + record.erasure.parity;
  const bad = new Set<number>();
  const opened = await openSources(drives, bucket, key, chosen);
  let encoded: Awaited<ReturnType<typeof encodeObject>>;
  try {
    const blocks = decodeObject({
      sources: opened.sources,
      layout: record.erasure,
      size: record.size,
      verifyAll: true,
      onBad: (d) => bad.add(d),
    });
    encoded = await encodeObject(
      blocks,
      record.erasure,
      drives.map((d, i) => (i < total ? tmpDir(d) : undefined)),
      {
        size: record.size,
        noInline: record.inline === undefined,
        // The rebuilt bytes must be the object's: check them against its MD5 ETag.
        ...(/^[0-9a-f]{32}$/.test(record.etag) ? { md5: Buffer.from(record.etag, 'hex') } : {}),
      },
    );
  } finally {
    await opened.close();
  }
  const target = (i: number) => i < total && (holders[i] === undefined || bad.has(i));
  try {
    const previous = await readMetas(drives, bucket, key);
    const committed = await commitShards(drives, bucket, key, record, encoded.shards, target);
    await dropShardFiles(
      drives,
      bucket,
      key,
      previous.map((p, i) => (committed[i] ? p : 'absent')),
      record.dataId,
    );
    await dropStrays(drives, bucket, key, record.dataId);
    return { healed: committed.flatMap((ok, i) => (ok ? [i] : [])) };
  } finally {
    await Promise.all(
      encoded.shards.map((s) => (s && 'file' in s ? rm(s.file, { force: true }) : undefined)),
    );
  }
}

/** Shard files no record points to (a crash between a shard's rename and its record). */
async function dropStrays(
  drives: readonly string[],
  bucket: string,
  key: string,
  keep: string,
): Promise<void> {
  await doAll(drives, async (d) => {
    const dir = objectDir(d, bucket, key);
    for (const f of await readdir(dir))
      if (f !== META_FILE && f !== keep) await rm(join(dir, f), { force: true });
  });
}

/**
 * Records of a version that never reached quorum (a write cut short) are dropped, but
 * only when more drives answered "absent" than the version's parity: then it can never
 * be read, even if every unreachable drive came back.
 */
async function dropDangling(drives: readonly string[], bucket: string, key: string): Promise<void> {
  const answers = await readMetas(drives, bucket, key);
  const found = answers.find((a): a is { value: ObjectMetaRecord } => typeof a === 'object');
  if (!found) return;
  const absent = answers.filter((a) => a === 'absent').length;
  const errors = answers.filter((a) => a === 'error').length;
  const absentOnline = absent - ((await countUnreachable(drives, answers)) - errors);
  if (absentOnline <= found.value.erasure.parity) return;
  await doAll(drives, (d) => rm(objectDir(d, bucket, key), { recursive: true, force: true }));
}
