import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import type { PartLayout } from '../../format/object-record.js';
import type { OpTracer } from '../../observe/op-trace.js';
import { dataDir } from '../fs/layout.js';
import { open } from '../fs/os.js';
import type { ByteRange } from '../object-layer.js';
import { decodeObject, type ShardSource } from './decode.js';
import { quorumError } from './params.js';
import type { MergedVersion } from './versions.js';

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
 * Opens the shard streams of one part on the drives that hold the version. Files are
 * opened before any byte of the part is sent, so an unlink cannot cut the part short.
 */
export async function openPart(t: ReadTarget, part: PartLayout): Promise<OpenedPart> {
  const layout = t.version.version.data!;
  const sources: (ShardSource | undefined)[] = new Array(layout.data + layout.parity).fill(undefined);
  await Promise.all(
    t.version.holders.map(async (h, drive) => {
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
      try {
        const root = t.paths[drive]!;
        const file = join(dataDir(root, t.bucket, t.key, d.id), part.file);
        const fh = await t.trace.call(
          'ReadFileStream',
          () => `${root} ${relative(root, file)}`,
          () => open(file, 'r'),
        );
        sources[d.index] = { drive, fh };
      } catch {
        // Missing shard file: the decoder reports it and uses another drive.
      }
    }),
  );
  return {
    sources,
    available: sources.filter((s) => s !== undefined).length,
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
  onBad: (drive: number) => void,
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
