import type { VersionRecord } from '../../format/object-record.js';
import type { ObjectInfo, StoredHeaderName } from '../object-layer.js';
import { storedSizeOf } from './read/reader.js';

/** A version as the protocol layer sees it. */
export function toObjectInfo(bucket: string, key: string, v: VersionRecord, isLatest: boolean): ObjectInfo {
  const parts = v.data?.parts ?? [];
  const info: ObjectInfo = {
    bucket,
    key,
    versionId: v.id,
    isLatest,
    deleteMarker: v.deleteMarker === true,
    size: v.size,
    storedSize: storedSizeOf(parts),
    etag: v.etag,
    contentType: v.contentType,
    userMeta: v.userMeta,
    headers: v.headers as Partial<Record<StoredHeaderName, string>>,
    modTime: new Date(v.mod),
    tags: v.tags ?? '',
    internal: v.internal,
    parts: parts.map((p) => ({
      number: p.number,
      size: p.actualSize ?? p.size,
      storedSize: p.size,
      etag: p.etag,
      internal: p.internal ?? {},
    })),
  };
  if (v.legalHold !== undefined) info.legalHold = v.legalHold;
  if (v.retention) info.retention = { mode: v.retention.mode, until: new Date(v.retention.until) };
  return info;
}
