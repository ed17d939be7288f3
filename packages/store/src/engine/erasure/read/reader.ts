import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import type { PartLayout } from '../../../format/object-record.js';
import type { OpTracer } from '../../../observe/op-trace.js';
import { dataDir } from '../../fs/layout.js';
import { ReadOnlyFile } from '../../fs/os.js';
import type { ByteRange } from '../../object-layer.js';
import { quorumError } from '../params.js';
import type { MergedVersion } from '../versions.js';
import { type DecodeOptions, decodeObject, fileOf, type ShardSource } from './decode.js';

export interface ReadTarget {
  paths: readonly string[];
  /** Where shard opens are reported while someone traces storage. */
  trace: OpTracer;
  bucket: string;
  key: string;
  version: MergedVersion;
}

interface OpenedPart {
  sources: (ShardSource | undefined)[];
  available: number;
  close(): Promise<void>;
}

/**
 * The shard streams of one part on the drives that hold the version. Reads open the data
 * shards at once (and, for each that will not open, the next shard), so that a part below
 * read quorum fails before any byte of it is sent; the other shards open if a read turns
 * out to need them, as MinIO reads data shards first. `all` opens every one (heal). The
 * version's data pin keeps its files while they are read.
 */
export async function openPart(
  t: ReadTarget,
  part: PartLayout,
  opts: { all?: boolean } = {},
): Promise<OpenedPart> {
  const layout = t.version.version.data!;
  const sources: (ShardSource | undefined)[] = new Array(layout.data + layout.parity).fill(undefined);
  t.version.holders.forEach((h, drive) => {
    const d = h?.data;
    if (!d || d.index >= sources.length) return;
    if (d.inline !== undefined) {
      sources[d.index] = {
        drive,
        inline: Buffer.from(d.inline.buffer, d.inline.byteOffset, d.inline.byteLength),
      };
      return;
    }
    if (part.file === undefined) return;
    const root = t.paths[drive]!;
    const file = join(dataDir(root, t.bucket, t.key, d.id), part.file);
    sources[d.index] = {
      drive,
      open: () =>
        t.trace
          .call(
            'ReadFileStream',
            () => `${root} ${relative(root, file)}`,
            () => ReadOnlyFile.open(file),
          )
          // A missing shard file: the decoder reports it and uses another drive.
          .catch(() => undefined),
    };
  });
  const openNow = async (src: ShardSource): Promise<boolean> =>
    src.inline !== undefined || (await fileOf(src)) !== undefined;
  let available = 0;
  if (opts.all) {
    const opened = await Promise.all(sources.map((s) => (s ? openNow(s) : false)));
    available = opened.filter(Boolean).length;
  } else {
    // Data shards first; each one that fails brings in the next candidate.
    const candidates = sources.filter((s): s is ShardSource => s !== undefined);
    let next = 0;
    while (available < layout.data && next < candidates.length) {
      const batch = candidates.slice(next, next + layout.data - available);
      next += batch.length;
      available += (await Promise.all(batch.map(openNow))).filter(Boolean).length;
    }
  }
  return {
    sources,
    available,
    close: async () => {
      await Promise.all(sources.map((s) => s?.fh?.close().catch(() => {})));
    },
  };
}

/** The parts a stored byte range touches, with the range within each part. */
function partSlices(
  parts: PartLayout[],
  range: ByteRange,
): { part: PartLayout; start: number; end: number }[] {
  const out: { part: PartLayout; start: number; end: number }[] = [];
  let offset = 0;
  for (const part of parts) {
    const first = offset;
    const last = offset + part.size - 1;
    offset += part.size;
    if (last < range.start || first > range.end || part.size === 0) continue;
    out.push({ part, start: Math.max(range.start, first) - first, end: Math.min(range.end, last) - first });
  }
  return out;
}

/**
 * A stream of the version's stored bytes in `range` (default all), decoded part by part.
 * The first part is opened before this resolves: a version below read quorum fails here,
 * before any response starts. `release` runs when the stream ends or is destroyed.
 */
export async function readVersion(
  t: ReadTarget,
  range: ByteRange | undefined,
  onBad: NonNullable<DecodeOptions['onBad']>,
  release: () => void,
): Promise<Readable> {
  const layout = t.version.version.data;
  const stored = layout ? layout.parts.reduce((s, p) => s + p.size, 0) : 0;
  if (!layout || stored === 0) {
    release();
    return Readable.from([]);
  }
  const slices = partSlices(layout.parts, range ?? { start: 0, end: stored - 1 });
  let opened: OpenedPart | undefined = await openPart(t, slices[0]!.part);
  if (opened.available < layout.data) {
    await opened.close();
    release();
    throw quorumError('read');
  }
  async function* blocks(): AsyncGenerator<Buffer> {
    try {
      for (const [n, slice] of slices.entries()) {
        const part = opened ?? (await openPart(t, slice.part));
        opened = undefined;
        try {
          if (part.available < layout!.data) throw quorumError('read');
          yield* decodeObject({
            sources: part.sources,
            layout: layout!,
            size: slice.part.size,
            start: slice.start,
            end: slice.end,
            onBad,
          });
        } finally {
          await part.close();
        }
        if (n === slices.length - 1) break;
      }
    } finally {
      await opened?.close();
      release();
    }
  }
  return Readable.from(blocks(), { objectMode: false });
}

/** Stored size of a version (sum of its parts). */
export const storedSizeOf = (parts: readonly PartLayout[]): number => parts.reduce((s, p) => s + p.size, 0);
