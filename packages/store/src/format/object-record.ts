import { decodeObjectMeta } from './object-meta.js';
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

// The record of one object key on one drive, kept in the drive's ordered index (LMDB):
// every version of the key, newest first, as MinIO keeps them in xl.meta. The copies on the
// drives of a set differ only in `data.index` and `data.inline` (each drive's own shard).
// Version 4; versions 1 and 2 were single-version JSON files (object-meta.ts) and are
// migrated into this shape (migrateMetaRecord). Version 4 added HighwayHash checksums
// (bitrot 'highwayhash256'); version 3 records read as they are, their data being SHA-256's.
export const OBJECT_RECORD_VERSION = 4;

/**
 * A shard block's checksum, written before the block: MinIO's HighwayHash-256 (what new
 * versions get), SHA-256 (versions written before the store used HighwayHash), or none
 * (format 1 objects, on a single drive).
 */
export type Bitrot = 'highwayhash256' | 'sha256' | 'none';
const BITROT: readonly Bitrot[] = ['highwayhash256', 'sha256', 'none'];

/** How a version's bytes are spread: blocks of `blockSize`, each split into data+parity shards. */
export interface DataLayout {
  /** Names the version's data folder on every drive. */
  id: string;
  data: number;
  parity: number;
  /** The shard this drive holds. */
  index: number;
  blockSize: number;
  bitrot: Bitrot;
  parts: PartLayout[];
  /** Small objects: this drive's shard stream of the single part, instead of a file. */
  inline?: Uint8Array;
}

export interface PartLayout {
  number: number;
  /** Bytes stored (erasure-coded) for this part. */
  size: number;
  /** What the client sent, when stored bytes differ (encryption). */
  actualSize?: number;
  /** Hex MD5 of what the client sent for this part. */
  etag: string;
  /** The shard file in the data folder; absent when inline. */
  file?: string;
}

export interface Retention {
  mode: 'GOVERNANCE' | 'COMPLIANCE';
  /** Milliseconds since the epoch. */
  until: number;
}

export interface VersionRecord {
  /** 'null' or a UUID. */
  id: string;
  /** Milliseconds since the epoch; strictly increasing per key. */
  mod: number;
  deleteMarker?: true;
  /** Logical size (what GET returns); 0 for delete markers. */
  size: number;
  etag: string;
  contentType: string;
  userMeta: Record<string, string>;
  headers: Record<string, string>;
  /** URL-encoded tag set, as the x-amz-tagging header carries it. */
  tags?: string;
  retention?: Retention;
  /** Absent until a legal hold is first set (ON or OFF). */
  legalHold?: boolean;
  /** Server-side facts the protocol layer keeps with the version (encryption, checksums). */
  internal: Record<string, string>;
  data?: DataLayout;
}

export interface ObjectRecord {
  v: typeof OBJECT_RECORD_VERSION;
  versions: VersionRecord[];
}

const KIND = 'object record';

export function encodeObjectRecord(record: ObjectRecord): Buffer {
  return packRecord(record);
}

function optionalInt(f: Fields, name: string): number | undefined {
  return f[name] === undefined ? undefined : int(f, name, KIND);
}

function decodePart(raw: unknown): PartLayout {
  const f = asFields(raw, `${KIND}.part`);
  const part: PartLayout = {
    number: int(f, 'number', KIND),
    size: int(f, 'size', KIND),
    etag: str(f, 'etag', KIND),
  };
  const actual = optionalInt(f, 'actualSize');
  if (actual !== undefined) part.actualSize = actual;
  if (f.file !== undefined) part.file = str(f, 'file', KIND);
  return part;
}

function decodeData(raw: unknown): DataLayout {
  const f = asFields(raw, `${KIND}.data`);
  const bitrot = f.bitrot as Bitrot;
  if (!BITROT.includes(bitrot)) throw new RecordFormatError(`${KIND}: unknown bitrot "${bitrot}"`);
  const data: DataLayout = {
    id: str(f, 'id', KIND),
    data: int(f, 'data', KIND),
    parity: int(f, 'parity', KIND),
    index: int(f, 'index', KIND),
    blockSize: int(f, 'blockSize', KIND),
    bitrot,
    parts: listOfRecords(f, 'parts', KIND, decodePart),
  };
  if (data.data < 1 || data.blockSize < 1 || data.index >= data.data + data.parity)
    throw new RecordFormatError(`${KIND}: inconsistent erasure layout`);
  if (f.inline !== undefined) {
    if (!(f.inline instanceof Uint8Array)) throw new RecordFormatError(`${KIND}: "inline" must be bytes`);
    data.inline = f.inline;
  }
  return data;
}

function decodeVersion(raw: unknown): VersionRecord {
  const f = asFields(raw, `${KIND}.version`);
  const v: VersionRecord = {
    id: str(f, 'id', KIND),
    mod: int(f, 'mod', KIND),
    size: int(f, 'size', KIND),
    etag: str(f, 'etag', KIND),
    contentType: str(f, 'contentType', KIND),
    userMeta: stringMap(f, 'userMeta', KIND),
    headers: stringMap(f, 'headers', KIND),
    internal: stringMap(f, 'internal', KIND),
  };
  if (f.deleteMarker === true) v.deleteMarker = true;
  if (f.tags !== undefined) v.tags = str(f, 'tags', KIND);
  const retention = retentionOf(f, KIND);
  if (retention) v.retention = retention;
  if (typeof f.legalHold === 'boolean') v.legalHold = f.legalHold;
  if (f.data !== undefined) v.data = decodeData(f.data);
  return v;
}

/** Decodes a stored record; RecordFormatError when it is damaged or from a newer Stowage. */
export function decodeObjectRecord(bytes: Uint8Array): ObjectRecord {
  const f = unpackRecord(bytes, KIND);
  versionOf(f, 'v', KIND, OBJECT_RECORD_VERSION);
  return { v: OBJECT_RECORD_VERSION, versions: listOfRecords(f, 'versions', KIND, decodeVersion) };
}

/**
 * A format-1 drive's meta.json (object metadata versions 1 and 2: one version per key, its
 * shard in the file `<dataId>` beside it) as a version-3 record whose shard is the file
 * `<dataId>/part.1`, where the drive migration moves it.
 */
export function migrateMetaRecord(raw: unknown): { key: string; record: ObjectRecord } {
  const m = decodeObjectMeta(raw);
  const data: DataLayout = {
    id: m.dataId,
    ...m.erasure,
    parts: [{ number: 1, size: m.size, etag: m.etag, ...(m.inline === undefined ? { file: 'part.1' } : {}) }],
  };
  if (m.inline !== undefined) data.inline = Buffer.from(m.inline, 'base64');
  const version: VersionRecord = {
    id: 'null',
    mod: Date.parse(m.modTime),
    size: m.size,
    etag: m.etag,
    contentType: m.contentType,
    userMeta: m.userMeta,
    headers: m.headers,
    internal: {},
    data,
  };
  return { key: m.key, record: { v: OBJECT_RECORD_VERSION, versions: [version] } };
}
