import type { DataLayout } from '../../../format/object-record.js';
import { checksumLength, shardChecksum } from '../codec/bitrot.js';

// Whether a shard stream of one part (per block: its checksum, then its shard) matches its
// checksums: read from a shard file, or held inline in a drive's record.

type BlockLayout = Pick<DataLayout, 'data' | 'blockSize' | 'bitrot'>;

/** Where each block (checksum and shard) of one part's shard stream sits. */
function* blockSpans(partSize: number, layout: BlockLayout): Generator<{ at: number; length: number }> {
  const hash = checksumLength(layout.bitrot);
  let at = 0;
  for (let done = 0; done < partSize; done += layout.blockSize) {
    const length = hash + Math.ceil(Math.min(layout.blockSize, partSize - done) / layout.data);
    yield { at, length };
    at += length;
  }
}

function blockIntact(block: Uint8Array, length: number, layout: BlockLayout): boolean {
  if (block.length !== length) return false;
  const hash = checksumLength(layout.bitrot);
  return shardChecksum(layout.bitrot, block.subarray(hash)).equals(block.subarray(0, hash));
}

/** A stream read block by block (a shard file). */
export async function blocksIntact(
  read: (at: number, length: number) => Promise<Uint8Array>,
  length: number,
  partSize: number,
  layout: BlockLayout,
): Promise<boolean> {
  if (checksumLength(layout.bitrot) === 0) return true;
  let end = 0;
  for (const span of blockSpans(partSize, layout)) {
    if (!blockIntact(await read(span.at, span.length), span.length, layout)) return false;
    end = span.at + span.length;
  }
  return end === length;
}

/** A stream in memory (a shard inline in its record): checked on the caller's thread. */
export function inlineIntact(stream: Uint8Array, partSize: number, layout: BlockLayout): boolean {
  if (checksumLength(layout.bitrot) === 0) return true;
  let end = 0;
  for (const span of blockSpans(partSize, layout)) {
    if (!blockIntact(stream.subarray(span.at, span.at + span.length), span.length, layout)) return false;
    end = span.at + span.length;
  }
  return end === stream.length;
}
