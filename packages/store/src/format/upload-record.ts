import type { Bitrot } from './object-record.js';
import {
  asFields,
  type Fields,
  int,
  listOfRecords,
  packRecord,
  RecordFormatError,
  retentionOf,
  str,
  stringMap,
  unpackRecord,
  versionOf,
} from './record.js';

// A multipart upload on one drive, in the drive's index under `<bucket>\0<key>\0<uploadId>`:
// the new object's metadata. Each part's shard is the file `part.<n>.<nonce>` in the upload's
// data folder, which becomes the object's at completion.
// Version 3 keeps each part in an entry of its own (the drive's `parts` table, under the
// upload's key, `\0`, and the part number in 5 digits), so that a part costs the same to add
// as the 10,000th as the first. Versions 1 and 2 held the parts in the record itself; they
// are read as they are, and their parts move out to entries at the upload's next part.
// Version 2 records the parts' checksum; version 1 uploads (begun before the store used
// HighwayHash) carry on with SHA-256, so that every part of one object uses one checksum.
export const UPLOAD_RECORD_VERSION = 3;
/** The shape of a part's own entry. */
export const UPLOAD_PART_VERSION = 1;

export interface UploadPartRecord {
  number: number;
  file: string;
  /** Bytes stored. */
  size: number;
  /** What the client sent, when stored bytes differ (encryption). */
  actualSize?: number;
  /** Hex MD5 of what the client sent. */
  etag: string;
  mod: number;
  internal: Record<string, string>;
  /**
   * Uploads of the same part number that overlapped this one in time (a client resending a
   * part it thought lost), newest first: Complete takes whichever one its ETag names.
   */
  alternates?: UploadPartRecord[];
}

export interface UploadMeta {
  contentType: string;
  userMeta: Record<string, string>;
  headers: Record<string, string>;
  internal: Record<string, string>;
  tags?: string;
  retention?: { mode: 'GOVERNANCE' | 'COMPLIANCE'; until: number };
  legalHold?: boolean;
}

export interface UploadRecord {
  v: typeof UPLOAD_RECORD_VERSION;
  initiated: number;
  /** The upload's data folder, and the object version's once completed. */
  dataId: string;
  data: number;
  parity: number;
  /** The shard this drive holds. */
  index: number;
  blockSize: number;
  /** The checksum of every part's shard blocks (and of the completed object). */
  bitrot: Exclude<Bitrot, 'none'>;
  meta: UploadMeta;
  /**
   * The parts: as decoded, those a record before version 3 held in itself (none after); as
   * the engine reads an upload with its parts, every part the drive holds.
   */
  parts: UploadPartRecord[];
}

const KIND = 'upload record';
const PART_KIND = 'upload part';

/** The record as version 3 stores it: its parts are entries of their own, never in it. */
export function encodeUploadRecord(record: UploadRecord): Buffer {
  const { parts: _entriesOfTheirOwn, ...header } = record;
  return packRecord({ ...header, v: UPLOAD_RECORD_VERSION });
}

export const encodeUploadPart = (part: UploadPartRecord): Buffer =>
  packRecord({ v: UPLOAD_PART_VERSION, ...part });

export function decodeUploadPart(bytes: Uint8Array): UploadPartRecord {
  const f = unpackRecord(bytes, PART_KIND);
  versionOf(f, 'v', PART_KIND, UPLOAD_PART_VERSION);
  return decodePart(f);
}

function decodePart(raw: unknown): UploadPartRecord {
  const f = asFields(raw, `${KIND}.part`);
  const part: UploadPartRecord = {
    number: int(f, 'number', KIND),
    file: str(f, 'file', KIND),
    size: int(f, 'size', KIND),
    etag: str(f, 'etag', KIND),
    mod: int(f, 'mod', KIND),
    internal: stringMap(f, 'internal', KIND),
  };
  if (f.actualSize !== undefined) part.actualSize = int(f, 'actualSize', KIND);
  if (f.alternates !== undefined) part.alternates = listOfRecords(f, 'alternates', KIND, decodePart);
  return part;
}

function decodeMeta(raw: unknown): UploadMeta {
  const f: Fields = asFields(raw, `${KIND}.meta`);
  const meta: UploadMeta = {
    contentType: str(f, 'contentType', KIND),
    userMeta: stringMap(f, 'userMeta', KIND),
    headers: stringMap(f, 'headers', KIND),
    internal: stringMap(f, 'internal', KIND),
  };
  if (f.tags !== undefined) meta.tags = str(f, 'tags', KIND);
  const retention = retentionOf(f, KIND);
  if (retention) meta.retention = retention;
  if (typeof f.legalHold === 'boolean') meta.legalHold = f.legalHold;
  return meta;
}

function bitrotOf(f: Fields, version: number): UploadRecord['bitrot'] {
  if (version < 2) return 'sha256';
  if (f.bitrot !== 'highwayhash256' && f.bitrot !== 'sha256')
    throw new RecordFormatError(`${KIND}: unknown bitrot "${String(f.bitrot)}"`);
  return f.bitrot;
}

export function decodeUploadRecord(bytes: Uint8Array): UploadRecord {
  const f = unpackRecord(bytes, KIND);
  const version = versionOf(f, 'v', KIND, UPLOAD_RECORD_VERSION);
  return {
    v: UPLOAD_RECORD_VERSION,
    initiated: int(f, 'initiated', KIND),
    dataId: str(f, 'dataId', KIND),
    data: int(f, 'data', KIND),
    parity: int(f, 'parity', KIND),
    index: int(f, 'index', KIND),
    blockSize: int(f, 'blockSize', KIND),
    bitrot: bitrotOf(f, version),
    meta: decodeMeta(f.meta),
    parts: version < 3 ? listOfRecords(f, 'parts', KIND, decodePart) : [],
  };
}
