import { asFields, date, type Fields, int, RecordFormatError, str, stringMap, versionOf } from './record.js';

// Per-object metadata record, one per drive of the erasure set, committed atomically
// (rename) after that drive's shard file is in place. The copies differ only in
// `erasure.index` (which shard the drive holds) and in `inline`.
export const OBJECT_META_VERSION = 2;

/** Standard headers S3 keeps with an object and returns on GET/HEAD. */
export type StoredHeaderName =
  | 'cache-control'
  | 'content-disposition'
  | 'content-encoding'
  | 'content-language'
  | 'expires'
  // Kept only when not STANDARD (REDUCED_REDUNDANCY, MinIO's other class).
  | 'x-amz-storage-class';

/** How an object's bytes are spread: blocks of `blockSize`, each split into data+parity shards. */
export interface ErasureInfo {
  data: number;
  parity: number;
  /** The shard this drive holds, 0..data+parity-1. */
  index: number;
  blockSize: number;
  /** 'sha256': each shard block is preceded by its SHA-256; 'none': raw bytes (version 1). */
  bitrot: 'sha256' | 'none';
}

export interface ObjectMetaRecord {
  v: typeof OBJECT_META_VERSION;
  key: string;
  size: number;
  etag: string;
  contentType: string;
  userMeta: Record<string, string>;
  headers: Partial<Record<StoredHeaderName, string>>;
  modTime: string;
  /** Names the write: the shard file beside the record, and the version drives agree on. */
  dataId: string;
  erasure: ErasureInfo;
  /** Small objects: this drive's shard stream (checksums included), base64, instead of a file. */
  inline?: string;
}

const KIND = 'object metadata';
/** Version 1 stored the whole object as one raw file on the first drive. */
export const V1_BLOCK_SIZE = 1024 * 1024;

function erasureOf(f: Fields): ErasureInfo {
  const e = asFields(f.erasure, `${KIND}.erasure`);
  const bitrot = e.bitrot;
  if (bitrot !== 'sha256' && bitrot !== 'none')
    throw new RecordFormatError(`${KIND}: unknown bitrot "${bitrot}"`);
  const info: ErasureInfo = {
    data: int(e, 'data', KIND),
    parity: int(e, 'parity', KIND),
    index: int(e, 'index', KIND),
    blockSize: int(e, 'blockSize', KIND),
    bitrot,
  };
  if (info.data < 1 || info.blockSize < 1 || info.index >= info.data + info.parity)
    throw new RecordFormatError(`${KIND}: inconsistent erasure layout`);
  return info;
}

/** Decodes any known version into the current one (version 1 becomes a 1+0 layout). */
export function decodeObjectMeta(raw: unknown): ObjectMetaRecord {
  const f = asFields(raw, KIND);
  const version = versionOf(f, 'v', KIND, OBJECT_META_VERSION);
  date(f, 'modTime', KIND);
  const record: ObjectMetaRecord = {
    v: 2,
    key: str(f, 'key', KIND),
    size: int(f, 'size', KIND),
    etag: str(f, 'etag', KIND),
    contentType: str(f, 'contentType', KIND),
    userMeta: stringMap(f, 'userMeta', KIND),
    headers: stringMap(f, 'headers', KIND),
    modTime: str(f, 'modTime', KIND),
    dataId: str(f, 'dataId', KIND),
    erasure:
      version < 2 ? { data: 1, parity: 0, index: 0, blockSize: V1_BLOCK_SIZE, bitrot: 'none' } : erasureOf(f),
  };
  if (version >= 2 && f.inline !== undefined) record.inline = str(f, 'inline', KIND);
  return record;
}
