import type { StoredHeaderName } from '../engine/object-layer.js';
import { asFields, date, int, str, stringMap, versionOf } from './record.js';

// Per-object metadata record, committed atomically after the data file is in place.
export const OBJECT_META_VERSION = 1;

export interface ObjectMetaRecord {
  v: typeof OBJECT_META_VERSION;
  key: string;
  size: number;
  etag: string;
  contentType: string;
  userMeta: Record<string, string>;
  headers: Partial<Record<StoredHeaderName, string>>;
  modTime: string;
  /** Name of the data file beside the record; a new one per write, so a crash never mixes. */
  dataId: string;
}

const KIND = 'object metadata';

export function decodeObjectMeta(raw: unknown): ObjectMetaRecord {
  const f = asFields(raw, KIND);
  versionOf(f, 'v', KIND, OBJECT_META_VERSION);
  date(f, 'modTime', KIND);
  return {
    v: 1,
    key: str(f, 'key', KIND),
    size: int(f, 'size', KIND),
    etag: str(f, 'etag', KIND),
    contentType: str(f, 'contentType', KIND),
    userMeta: stringMap(f, 'userMeta', KIND),
    headers: stringMap(f, 'headers', KIND),
    modTime: str(f, 'modTime', KIND),
    dataId: str(f, 'dataId', KIND),
  };
}
