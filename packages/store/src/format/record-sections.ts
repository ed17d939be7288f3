// The frame of an object record from version 5 on: the part every drive of the set holds
// byte for byte (the versions) and the part that is this drive's own (its shard index and
// inline shard per version), each a MessagePack value of its own. The frame is itself the
// MessagePack map {v, c, d} with the two parts as bin32 values, written by hand so that they
// sit at known offsets: readers compare the drives' common parts with one memcmp and decode
// one of them, and a store older than version 5 reads `v` and asks to be upgraded.

/** {"v": 5, "c": bin32 */
const HEAD = [0x83, 0xa1, 0x76, 0x05, 0xa1, 0x63, 0xc6] as const;
/** "d": bin32 */
const MIDDLE = [0xa1, 0x64, 0xc6] as const;

export const SECTIONED_RECORD_VERSION = 5;

export interface RecordSections {
  /** Identical on every drive that holds the same versions. */
  common: Buffer;
  /** This drive's own part. */
  drive: Buffer;
}

export function frameSections(common: Uint8Array, drive: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(HEAD.length + 4 + common.length + MIDDLE.length + 4 + drive.length);
  let at = 0;
  for (const b of HEAD) out[at++] = b;
  at = out.writeUInt32BE(common.length, at);
  out.set(common, at);
  at += common.length;
  for (const b of MIDDLE) out[at++] = b;
  at = out.writeUInt32BE(drive.length, at);
  out.set(drive, at);
  return out;
}

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]): boolean =>
  expected.every((b, i) => bytes[at + i] === b);

/** The two parts of a sectioned record, as views of `bytes`; undefined for any other bytes. */
export function recordSections(bytes: Uint8Array): RecordSections | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < HEAD.length + 4 || !startsWith(view, 0, HEAD)) return undefined;
  const commonAt = HEAD.length + 4;
  const commonEnd = commonAt + view.readUInt32BE(HEAD.length);
  const driveAt = commonEnd + MIDDLE.length + 4;
  if (driveAt > view.length || !startsWith(view, commonEnd, MIDDLE)) return undefined;
  const driveEnd = driveAt + view.readUInt32BE(commonEnd + MIDDLE.length);
  if (driveEnd !== view.length) return undefined;
  return { common: view.subarray(commonAt, commonEnd), drive: view.subarray(driveAt, driveEnd) };
}
