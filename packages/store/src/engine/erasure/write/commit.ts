import { join } from 'node:path';
import {
  OBJECT_RECORD_VERSION,
  type ObjectRecord,
  RecordCodec,
  type VersionRecord,
} from '../../../format/object-record.js';
import { fsyncDir } from '../../fs/atomic.js';
import type { DriveIndex } from '../../fs/drive-index.js';
import { dataDir, objectDir } from '../../fs/layout.js';
import { mkdir, rename, rm, rmdir } from '../../fs/os.js';
import type { IndexedDrives } from '../indexed-drives.js';
import type { ErasureParams } from '../params.js';
import { successes } from '../quorum.js';
import { writeQuorumFailure } from '../space.js';
import type { Mutation } from '../versions.js';
import type { ShardOut } from './encode.js';

/** Moves a drive's fsynced shard temp file into a version's data folder. */
export async function placeShard(dir: string, file: string, out: ShardOut): Promise<void> {
  if (!out || !('file' in out)) return;
  await mkdir(dir, { recursive: true });
  await rename(out.file, join(dir, file));
  await fsyncDir(dir);
}

/**
 * One drive's part of a commit. `apply` validates, then issues its writes in the same turn
 * (lmdb-js commits one turn's writes as one transaction) and says when they are durable;
 * throwing before the first write leaves the drive untouched.
 */
export interface DriveStep<T> {
  apply(ix: DriveIndex): { value: T; written: Promise<unknown> };
  /** Undoes `apply` when the commit misses write quorum. */
  undo(ix: DriveIndex, applied: T): Promise<unknown>;
  /** What the step changes, for the storage trace ("bucket key"). */
  what?: string;
}

/**
 * Runs each drive's step (that drive's commit point), after `before` has put the drive's
 * files in place. Below write quorum the drives that committed are rolled back and the
 * write fails: readers never see a change that did not reach quorum.
 */
export async function commitEach<T>(
  drives: IndexedDrives,
  params: ErasureParams,
  stepFor: (drive: number) => DriveStep<T> | undefined,
  before?: (drive: number) => Promise<void>,
): Promise<{ committed: boolean[]; results: (T | undefined)[] }> {
  const results: (T | undefined)[] = drives.paths.map(() => undefined);
  const steps = drives.paths.map((_, i) => stepFor(i));
  const live = drives.all();
  // MinIO's names: data moved into place with its metadata, or metadata alone.
  const traceAs = before ? 'RenameData' : 'WriteMetadata';
  const apply = (step: DriveStep<T>, ix: DriveIndex, i: number): Promise<unknown> => {
    const applied = step.apply(ix);
    results[i] = applied.value;
    return applied.written;
  };
  // Plain promise chains, no async closure per drive: this runs for every write, and a
  // 4 KiB PUT measured about 5% cheaper without them.
  const committed = await Promise.all(
    steps.map((step, i): boolean | Promise<boolean> => {
      const ix = live[i];
      if (!ix || !step) return false;
      try {
        const done = drives.trace.call(
          traceAs,
          () => `${drives.paths[i]} ${step.what ?? ''}`.trimEnd(),
          () => (before ? before(i).then(() => apply(step, ix, i)) : apply(step, ix, i)),
        );
        return done.then(
          () => true,
          () => false,
        );
      } catch {
        return false;
      }
    }),
  );
  if (successes(committed) >= params.writeQuorum) return { committed, results };
  await Promise.all(
    committed.map(async (ok, i) => {
      const ix = ok ? live[i] : undefined;
      const applied = results[i];
      if (ix && applied !== undefined) await steps[i]!.undo(ix, applied).catch(() => {});
    }),
  );
  throw writeQuorumFailure(drives.paths, params.writeQuorum);
}

export interface CommitResult {
  committed: boolean[];
  /** Per drive: the versions the mutation dropped there (their shard files can go). */
  removed: VersionRecord[][];
}

interface KeyChange {
  previous: Buffer | undefined;
  written: ObjectRecord;
  removed: VersionRecord[];
}

/**
 * A drive step that applies a version mutation to one key's record. The steps of one
 * commit share `codec`, so that what the drives' copies have in common is decoded and
 * encoded once.
 */
export function keyStep(
  bucket: string,
  key: string,
  mutation: Mutation,
  codec = new RecordCodec(),
): DriveStep<KeyChange> {
  return {
    apply(ix) {
      const previous = ix.getRecordBytes(bucket, key);
      const decoded = previous === undefined ? undefined : codec.decode(previous);
      const next = mutation(decoded?.versions ?? []);
      const written: ObjectRecord = { v: OBJECT_RECORD_VERSION, versions: next.versions };
      const encoded = next.versions.length > 0 ? codec.encode(written) : undefined;
      return {
        value: { previous, written, removed: next.removed },
        written: ix.writeRecord(bucket, key, decoded, written, encoded),
      };
    },
    undo: (ix, applied) => ix.restoreRecordBytes(bucket, key, applied.written, applied.previous),
    what: `${bucket} ${key}`,
  };
}

/** Applies a version mutation to one key on every drive, with write quorum. */
export async function commitKey(
  drives: IndexedDrives,
  params: ErasureParams,
  bucket: string,
  key: string,
  mutationFor: (drive: number) => Mutation | undefined,
  before?: (drive: number) => Promise<void>,
): Promise<CommitResult> {
  const codec = new RecordCodec();
  const { committed, results } = await commitEach(
    drives,
    params,
    (i) => {
      const m = mutationFor(i);
      return m && keyStep(bucket, key, m, codec);
    },
    before,
  );
  return { committed, removed: results.map((r) => r?.removed ?? []) };
}

/**
 * Removes a version's data folder on every drive (its shard files of every part), and the
 * key's folder once that leaves it empty: every key ever written would otherwise keep one.
 */
export async function removeData(
  drives: IndexedDrives,
  bucket: string,
  key: string,
  dataId: string,
): Promise<void> {
  await Promise.all(
    drives.paths.map((d) =>
      drives.trace
        .call(
          'Delete',
          () => `${d} ${bucket} ${key}/${dataId}`,
          async () => {
            await rm(dataDir(d, bucket, key, dataId), { recursive: true, force: true });
            await rmdir(objectDir(d, bucket, key)).catch(() => {}); // still holds others
          },
        )
        .catch(() => {}),
    ),
  );
}

/** The data folders that versions removed on any drive leave unreferenced. */
export function droppedDataIds(result: CommitResult, kept: ReadonlySet<string> = new Set()): string[] {
  const ids = new Set<string>();
  for (const list of result.removed) for (const v of list) if (v.data && !v.data.inline) ids.add(v.data.id);
  for (const id of kept) ids.delete(id);
  return [...ids];
}
