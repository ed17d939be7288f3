import { RecordFormatError } from './record.js';

// The drive's own part of a version 5 object record (record-sections.ts): per version,
// nothing (a delete marker) or its shard index on this drive and its inline shard, if any.
// It is the MessagePack array [nil | [index, nil | bin], ...], written and read by hand: it
// is read on every GET, and these few shapes cost less by hand than through a general codec.

export type DriveEntry = null | readonly [index: number, inline: Uint8Array | null];

const NIL = 0xc0;
/** bin8, bin16, bin32: how many bytes their length takes. */
const BIN_LENGTH: Partial<Record<number, 1 | 2 | 4>> = { 196: 1, 197: 2, 198: 4 };
const KIND = 'object record drive part';

function headerSize(n: number): number {
  return n < 16 ? 1 : n < 0x10000 ? 3 : 5;
}

function binSize(n: number): number {
  return (n < 0x100 ? 2 : n < 0x10000 ? 3 : 5) + n;
}

export function encodeDrivePart(entries: readonly DriveEntry[]): Buffer {
  let size = headerSize(entries.length);
  for (const e of entries) size += e === null ? 1 : 2 + (e[1] === null ? 1 : binSize(e[1].length));
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  const n = entries.length;
  if (n < 16) out[at++] = 0x90 | n;
  else if (n < 0x10000) {
    out[at++] = 0xdc;
    at = out.writeUInt16BE(n, at);
  } else {
    out[at++] = 0xdd;
    at = out.writeUInt32BE(n, at);
  }
  for (const e of entries) {
    if (e === null) {
      out[at++] = NIL;
      continue;
    }
    const [index, inline] = e;
    if (!Number.isInteger(index) || index < 0 || index > 0x7f) throw new RangeError(`shard index ${index}`);
    out[at++] = 0x92;
    out[at++] = index;
    if (inline === null) {
      out[at++] = NIL;
      continue;
    }
    const len = inline.length;
    if (len < 0x100) {
      out[at++] = 0xc4;
      out[at++] = len;
    } else if (len < 0x10000) {
      out[at++] = 0xc5;
      at = out.writeUInt16BE(len, at);
    } else {
      out[at++] = 0xc6;
      at = out.writeUInt32BE(len, at);
    }
    out.set(inline, at);
    at += len;
  }
  return out;
}

/** The entries of a drive part; inline shards are copied out of `bytes`. */
export function decodeDrivePart(bytes: Uint8Array): DriveEntry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > view.length) throw new RecordFormatError(`${KIND}: truncated`);
  };
  /** A big-endian length of 1, 2 or 4 bytes. */
  const length = (bytes: 1 | 2 | 4): number => {
    need(bytes);
    const n = bytes === 1 ? view[at]! : bytes === 2 ? view.readUInt16BE(at) : view.readUInt32BE(at);
    at += bytes;
    return n;
  };
  need(1);
  const head = view[at++]!;
  let n: number;
  if ((head & 0xf0) === 0x90) n = head & 0x0f;
  else if (head === 0xdc) n = length(2);
  else if (head === 0xdd) n = length(4);
  else throw new RecordFormatError(`${KIND}: expected a list`);
  const entries: DriveEntry[] = [];
  for (let i = 0; i < n; i++) {
    need(1);
    const tag = view[at++];
    if (tag === NIL) {
      entries.push(null);
      continue;
    }
    need(2);
    if (tag !== 0x92 || view[at]! > 0x7f) throw new RecordFormatError(`${KIND}: malformed entry`);
    const index = view[at++]!;
    const kind = view[at++];
    if (kind === NIL) {
      entries.push([index, null]);
      continue;
    }
    const size = BIN_LENGTH[kind ?? 0];
    if (size === undefined) throw new RecordFormatError(`${KIND}: malformed inline shard`);
    const len = length(size);
    need(len);
    entries.push([index, Buffer.from(view.subarray(at, at + len))]);
    at += len;
  }
  if (at !== view.length) throw new RecordFormatError(`${KIND}: trailing bytes`);
  return entries;
}
