import { join, relative } from 'node:path';
import { layoutOn, type VersionRecord, withLayout } from '../../../format/object-record.js';
import type { FinishOp } from '../../../observe/op-trace.js';
import { dataDir } from '../../fs/layout.js';
import { rm } from '../../fs/os.js';
import type { NewBitrot } from '../codec/bitrot.js';
import type { EngineContext } from '../context.js';
import { driveOf, shardOn } from '../distribution.js';
import { BLOCK_SIZE, type ErasureParams, quorumError } from '../params.js';
import { type Encoded, encodeObject, type ShardOut } from './encode.js';

// A body's way onto the drives: where each drive's shard file goes, the coding itself, and
// the per-drive record of what was written (shared by PUT, upload parts and heal).

export interface Place {
  dir: (drive: number) => string;
  file: string;
  /** The folders are new (a version's own data folder). */
  fresh?: boolean;
  noInline?: boolean;
  bitrot?: NewBitrot;
  /** The object's layout and write quorum; default the set's. */
  params?: ErasureParams;
  /** How the shards turn over the drives (distribution.ts); default 0, drive i shard i. */
  offset?: number;
}

/** A new version's own data folder on each drive, its shards turned by `offset`. */
export function versionPlace(
  ctx: EngineContext,
  at: { bucket: string; key: string; dataId: string },
  file: string,
  params: ErasureParams,
  offset: number,
): Place {
  return {
    dir: (i) => dataDir(ctx.drives.paths[i]!, at.bucket, at.key, at.dataId),
    file,
    fresh: true,
    params,
    offset,
  };
}

/** Where drive i's shard file goes; the folder is worked out only for objects not inline. */
class ShardPlace {
  constructor(
    private readonly ctx: EngineContext,
    private readonly place: Place,
    private readonly drive: number,
  ) {}

  get dir(): string {
    return this.place.dir(this.drive);
  }

  get name(): string {
    return this.place.file;
  }

  get fresh(): boolean {
    return this.place.fresh === true;
  }

  trace(): FinishOp | undefined {
    const path = this.ctx.drives.paths[this.drive]!;
    return this.ctx.drives.trace.begin(
      'CreateFile',
      () => `${path} ${relative(path, join(this.dir, this.name))}`,
    );
  }
}

/**
 * Erasure-codes a body on the drives online now: small objects stay inline, others go
 * straight into the data folder `dir(drive)` as `file` (a name no record points to yet, so
 * readers cannot see it before the commit).
 */
/** Room a version's record takes on a drive besides its shard bytes (about; metadata). */
const RECORD_ROOM = 4096;

export async function encodeBody(
  ctx: EngineContext,
  body: AsyncIterable<unknown> | Buffer,
  place: Place,
  expect: { size?: number; maxSize?: number; md5?: Buffer },
): Promise<Encoded> {
  const { data, parity, writeQuorum } = place.params ?? ctx.params;
  const live = ctx.drives.all();
  if (live.filter((ix) => ix !== undefined).length < writeQuorum) throw quorumError('write');
  // A body of unknown length claims its bound when it has one (compressed), else a block:
  // the guard is for the drives' last room.
  ctx.space.claim(Math.ceil((expect.size ?? expect.maxSize ?? BLOCK_SIZE) / data) + RECORD_ROOM);
  const total = data + parity;
  const offset = place.offset ?? 0;
  const encoded = await encodeObject(
    body,
    { data, parity, blockSize: BLOCK_SIZE, bitrot: place.bitrot ?? ctx.newBitrot },
    Array.from({ length: total }, (_, shard) => {
      const drive = driveOf(offset, shard, total);
      return live[drive] ? new ShardPlace(ctx, place, drive) : undefined;
    }),
    place.noInline ? Object.assign({ noInline: true }, expect) : expect,
  );
  // Callers hold shards by drive.
  if (offset === 0) return encoded;
  return {
    ...encoded,
    shards: encoded.shards.map((_, drive) => encoded.shards[shardOn(offset, drive, total)]),
  };
}

export async function discardShards(shards: ShardOut[]): Promise<void> {
  await Promise.all(shards.map((s) => (s && 'file' in s ? rm(s.file, { force: true }) : undefined)));
}

/** A new version as a drive stores it: the shard it holds, and that shard inline if it is. */
export function driveCopy(base: VersionRecord, shard: number, out: ShardOut): VersionRecord {
  if (!base.data) return base;
  return withLayout(base, layoutOn(base.data, shard, out && 'inline' in out ? out.inline : undefined));
}
