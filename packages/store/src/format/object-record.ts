import { type DriveEntry, decodeDrivePart, encodeDrivePart } from './drive-part.js';
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
  unpackAny,
  unpackRecord,
  versionOf,
} from './record.js';
import { frameSections, recordSections, SECTIONED_RECORD_VERSION } from './record-sections.js';

// The record of one object key on one drive, kept in the drive's ordered index (LMDB):
// every version of the key, newest first, as MinIO keeps them in xl.meta. The copies on the
// drives of a set differ only in `data.index` and `data.inline` (each drive's own shard).
// Version 5 stores those apart from the rest (record-sections.ts), so that the drives' copies
// are compared with one memcmp and decoded once. Versions 3 and 4 were one MessagePack map
// and read as they are; version 4 added HighwayHash checksums (bitrot 'highwayhash256'),
// version 3 data being SHA-256's. Versions 1 and 2 were single-version JSON files
// (object-meta.ts), migrated into this shape (migrateMetaRecord).
export const OBJECT_RECORD_VERSION = SECTIONED_RECORD_VERSION;

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
  /**
   * What the protocol layer kept with the part when it was uploaded (its declared
   * checksums), for a multipart object; absent when nothing was (older records too).
   */
  internal?: Record<string, string>;
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
  return new RecordCodec().encode(record);
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
  if (f.internal !== undefined) part.internal = stringMap(f, 'internal', KIND);
  return part;
}

/** A version's layout; `inline` says what marks an inline version in the record's format. */
function decodeData(raw: unknown, inline: 'bytes' | 'flag'): DataLayout {
  const f = asFields(raw, `${KIND}.data`);
  const bitrot = f.bitrot as Bitrot;
  if (!BITROT.includes(bitrot)) throw new RecordFormatError(`${KIND}: unknown bitrot "${bitrot}"`);
  const data: DataLayout = {
    id: str(f, 'id', KIND),
    data: int(f, 'data', KIND),
    parity: int(f, 'parity', KIND),
    index: inline === 'bytes' ? int(f, 'index', KIND) : 0,
    blockSize: int(f, 'blockSize', KIND),
    bitrot,
    parts: listOfRecords(f, 'parts', KIND, decodePart),
  };
  if (data.data < 1 || data.blockSize < 1 || data.index >= data.data + data.parity)
    throw new RecordFormatError(`${KIND}: inconsistent erasure layout`);
  if (f.inline !== undefined) {
    if (inline === 'flag') {
      if (f.inline !== true) throw new RecordFormatError(`${KIND}: "inline" must be true`);
      data.inline = INLINE_PENDING;
    } else if (!(f.inline instanceof Uint8Array)) {
      throw new RecordFormatError(`${KIND}: "inline" must be bytes`);
    } else {
      // A copy: the record's bytes may be a read buffer the next read reuses.
      data.inline = Buffer.from(f.inline);
    }
  }
  return data;
}

function decodeVersion(raw: unknown, inline: 'bytes' | 'flag' = 'bytes'): VersionRecord {
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
  if (f.data !== undefined) v.data = decodeData(f.data, inline);
  return v;
}

/** Decodes a stored record; RecordFormatError when it is damaged or from a newer Stowage. */
export function decodeObjectRecord(bytes: Uint8Array): ObjectRecord {
  return new RecordCodec().decode(bytes);
}

/** Versions 3 and 4: one map, each version with this drive's index and inline shard. */
function decodeSingleMap(bytes: Uint8Array): ObjectRecord {
  const f = unpackRecord(bytes, KIND);
  const v = versionOf(f, 'v', KIND, OBJECT_RECORD_VERSION);
  if (v >= SECTIONED_RECORD_VERSION)
    throw new RecordFormatError(`${KIND}: version ${v} without its sections`);
  return {
    v: OBJECT_RECORD_VERSION,
    versions: listOfRecords(f, 'versions', KIND, (raw) => decodeVersion(raw)),
  };
}

/** Stands in for an inline shard between decoding the common part and the drive's own. */
const INLINE_PENDING = new Uint8Array(0);

/**
 * A version as every drive holds it (index and inline shard left out), its keys in one
 * order whichever way the version was built, so that equal versions encode to equal bytes.
 * Every field of VersionRecord but data.index and data.inline belongs here.
 */
export function commonVersion(v: VersionRecord): Fields {
  const out: Fields = {
    id: v.id,
    mod: v.mod,
    size: v.size,
    etag: v.etag,
    contentType: v.contentType,
    userMeta: v.userMeta,
    headers: v.headers,
    internal: v.internal,
  };
  if (v.deleteMarker) out.deleteMarker = true;
  if (v.tags !== undefined) out.tags = v.tags;
  if (v.retention) {
    // What the decoder would refuse is never written: one bad version would make the whole
    // record unreadable, and heal would then take the key for a torn write.
    if (!Number.isSafeInteger(v.retention.until))
      throw new RecordFormatError('version: a retention date must be a time');
    out.retention = { mode: v.retention.mode, until: v.retention.until };
  }
  if (v.legalHold !== undefined) out.legalHold = v.legalHold;
  const d = v.data;
  if (d) {
    const data: Fields = {
      id: d.id,
      data: d.data,
      parity: d.parity,
      blockSize: d.blockSize,
      bitrot: d.bitrot,
      parts: d.parts.map((p) => {
        const part: Fields = { number: p.number, size: p.size, etag: p.etag };
        if (p.actualSize !== undefined) part.actualSize = p.actualSize;
        if (p.file !== undefined) part.file = p.file;
        if (p.internal !== undefined) part.internal = p.internal;
        return part;
      }),
    };
    if (d.inline !== undefined) data.inline = true;
    out.data = data;
  }
  return out;
}

/**
 * Whether two versions encode to the same common part, judged without encoding: the same
 * values, nested objects the very same ones (versions are never changed in place, so copies
 * made for each drive share them).
 */
function sameCommon(a: VersionRecord, b: VersionRecord): boolean {
  if (a === b) return true;
  if (
    a.id !== b.id ||
    a.mod !== b.mod ||
    a.deleteMarker !== b.deleteMarker ||
    a.size !== b.size ||
    a.etag !== b.etag ||
    a.contentType !== b.contentType ||
    a.userMeta !== b.userMeta ||
    a.headers !== b.headers ||
    a.internal !== b.internal ||
    a.tags !== b.tags ||
    a.retention !== b.retention ||
    a.legalHold !== b.legalHold
  )
    return false;
  const x = a.data;
  const y = b.data;
  if (x === y) return true;
  if (!x || !y) return false;
  return (
    x.id === y.id &&
    x.data === y.data &&
    x.parity === y.parity &&
    x.blockSize === y.blockSize &&
    x.bitrot === y.bitrot &&
    x.parts === y.parts &&
    (x.inline === undefined) === (y.inline === undefined)
  );
}

const sameVersions = (a: readonly VersionRecord[], b: readonly VersionRecord[]): boolean =>
  a.length === b.length && a.every((v, i) => sameCommon(v, b[i]!));

/** This drive's part: per version, nothing (a delete marker) or [shard index, inline shard]. */
function drivePart(v: VersionRecord): DriveEntry {
  return v.data ? [v.data.index, v.data.inline ?? null] : null;
}

/** A common version completed with this drive's part. */
function withDrivePart(v: VersionRecord, entry: DriveEntry | undefined): VersionRecord {
  if (!v.data) {
    if (entry !== null) throw new RecordFormatError(`${KIND}: drive part for a version without data`);
    return v;
  }
  if (!entry) throw new RecordFormatError(`${KIND}: no drive part for a version with data`);
  const [index, inline] = entry;
  if (index >= v.data.data + v.data.parity)
    throw new RecordFormatError(`${KIND}: inconsistent erasure layout`);
  if ((v.data.inline === undefined) !== (inline === null))
    throw new RecordFormatError(`${KIND}: inline shard and layout disagree`);
  return withLayout(v, layoutOn(v.data, index, inline ?? undefined));
}

/**
 * A layout as one drive holds it: its shard index, and its inline shard if the version has
 * them. Built field by field, as are the copies below: on Node 20 an object that starts as
 * a spread of another gets a hidden class of its own on every call.
 */
export function layoutOn(d: DataLayout, index: number, inline: Uint8Array | undefined): DataLayout {
  const out: DataLayout = {
    id: d.id,
    data: d.data,
    parity: d.parity,
    index,
    blockSize: d.blockSize,
    bitrot: d.bitrot,
    parts: d.parts,
  };
  if (inline !== undefined) out.inline = inline;
  return out;
}

/** The version with another layout (a drive's own copy of it). */
export function withLayout(v: VersionRecord, data: DataLayout): VersionRecord {
  const out: VersionRecord = Object.assign({}, v);
  out.data = data;
  return out;
}

/**
 * Encodes and decodes the copies of one key's record on the drives of a set (one codec per
 * key and operation): the part the copies share is decoded, or encoded, once.
 */
export class RecordCodec {
  private decoded: { common: Buffer; versions: VersionRecord[] } | undefined;
  private encoded: { versions: readonly VersionRecord[]; common: Buffer } | undefined;

  /** Decodes a stored record; RecordFormatError when it is damaged or from a newer Stowage. */
  decode(bytes: Uint8Array): ObjectRecord {
    const sections = recordSections(bytes);
    if (!sections) return decodeSingleMap(bytes);
    let common: VersionRecord[];
    if (this.decoded?.common.equals(sections.common)) common = this.decoded.versions;
    else {
      const raw = unpackList(sections.common);
      common = raw.map((v) => decodeVersion(v, 'flag'));
      this.decoded = { common: Buffer.from(sections.common), versions: common };
    }
    const own = decodeDrivePart(sections.drive);
    if (own.length !== common.length) throw new RecordFormatError(`${KIND}: drive part does not match`);
    return { v: OBJECT_RECORD_VERSION, versions: common.map((v, i) => withDrivePart(v, own[i])) };
  }

  encode(record: ObjectRecord): Buffer {
    let common: Buffer;
    if (this.encoded && sameVersions(this.encoded.versions, record.versions)) common = this.encoded.common;
    else {
      common = packRecord(record.versions.map(commonVersion));
      this.encoded = { versions: record.versions, common };
    }
    return frameSections(common, encodeDrivePart(record.versions.map(drivePart)));
  }
}

function unpackList(bytes: Uint8Array): unknown[] {
  const raw = unpackAny(bytes, KIND);
  if (!Array.isArray(raw)) throw new RecordFormatError(`${KIND}: expected a list`);
  return raw;
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
