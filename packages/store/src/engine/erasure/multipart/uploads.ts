import {
  decodeUploadRecord,
  type UploadPartRecord,
  type UploadRecord,
} from '../../../format/upload-record.js';
import { EngineError } from '../../errors.js';
import { type DriveIndex, entryKey } from '../../fs/drive-index.js';
import type { NewObjectMeta, PartInfo, UploadInfo } from '../../object-layer.js';
import type { EngineContext } from '../context.js';
import { type ErasureParams, paramsWithParity, quorumError } from '../params.js';
import type { DriveAnswer } from '../quorum.js';
import { driveParts, type PartWindow } from './upload-entries.js';

// Reading multipart upload records by quorum: the upload drives agree on, and for each
// part number the part file that read quorum of drives hold.

const UPLOAD_ID = /^[0-9a-f]{36}$/;

/** An upload's name in the uploads table: its key, then its id (they sort by both). */
export const uploadName = (key: string, uploadId: string): string => `${key}\u0000${uploadId}`;
export const uploadEntry = (bucket: string, key: string, uploadId: string): Buffer =>
  entryKey(bucket, uploadName(key, uploadId));
/** The range holding every upload of one key. */
/** Data folders of this key's uploads in progress on a drive (heal and drops must leave them). */
export function uploadDataIds(
  ix: DriveIndex,
  bucket: string,
  key: string,
  into = new Set<string>(),
): Set<string> {
  for (const { value } of ix.uploads.getRange(uploadsOfKey(bucket, key))) {
    try {
      into.add(decodeUploadRecord(value).dataId);
    } catch {
      // A damaged upload record protects nothing.
    }
  }
  return into;
}

/** The lock an upload's own changes (parts, Complete, Abort) take, one at a time. */
export const uploadLock = (uploadId: string): string => `upload/${uploadId}`;

export const uploadsOfKey = (bucket: string, key: string): { start: Buffer; end: Buffer } => ({
  start: entryKey(bucket, `${key}\u0000`),
  end: entryKey(bucket, `${key}\u0001`),
});

export interface UploadRead {
  /** One holder's copy of the agreed record. */
  record: UploadRecord;
  /** Per drive: its copy when it agrees (same data folder), else undefined. */
  holders: (UploadRecord | undefined)[];
  /** With a window of parts: every holder's parts up to this number were read (Infinity: all). */
  partsRead?: number;
}

/** The record read quorum agrees on, if any. */
export function agreedUpload(
  answers: DriveAnswer<UploadRecord>[],
  readQuorum: number,
): UploadRead | undefined {
  const counts = new Map<string, number>();
  for (const a of answers)
    if (typeof a === 'object') counts.set(a.value.dataId, (counts.get(a.value.dataId) ?? 0) + 1);
  const agreed = [...counts].find(([, n]) => n >= readQuorum)?.[0];
  if (agreed === undefined) return undefined;
  const holders = answers.map((a) =>
    typeof a === 'object' && a.value.dataId === agreed ? a.value : undefined,
  );
  return { record: holders.find((h) => h !== undefined)!, holders };
}

/**
 * The upload, or NoSuchUpload (or a quorum error when too few drives answered). With a
 * window of parts, each holder's copy carries the parts its drive holds in it (a read that
 * costs as many entries as the window: Complete reads them all, a part's upload none).
 */
export function readUpload(
  ctx: EngineContext,
  bucket: string,
  key: string,
  uploadId: string,
  window?: PartWindow,
): UploadRead {
  if (!UPLOAD_ID.test(uploadId)) throw new EngineError('NoSuchUpload');
  const entry = uploadEntry(bucket, key, uploadId);
  const { answers } = ctx.drives.readEntry(
    'uploads',
    entry,
    decodeUploadRecord,
    `${bucket} ${key}/${uploadId}`,
  );
  const agreed = agreedUpload(answers, ctx.params.readQuorum);
  if (agreed && window) {
    const drives = ctx.drives.all();
    let partsRead = Number.POSITIVE_INFINITY;
    const holders = agreed.holders.map((h) => h && { ...h });
    for (const [i, h] of holders.entries()) {
      if (!h) continue;
      try {
        const { parts, readTo } = driveParts(drives[i]!, entry, h, window);
        h.parts = parts;
        partsRead = Math.min(partsRead, readTo);
      } catch {
        holders[i] = undefined; // a drive whose parts cannot be read has no say
      }
    }
    return { record: agreed.record, holders, partsRead };
  }
  if (agreed) return agreed;
  const reachable = answers.filter((a) => a === 'absent' || typeof a === 'object').length;
  if (reachable < ctx.params.readQuorum) throw quorumError('read');
  throw new EngineError('NoSuchUpload');
}

/** For each part number, the part file that read quorum of the drives hold. */
export function agreedParts(read: UploadRead, readQuorum: number): UploadPartRecord[] {
  return [...partCandidates(read, readQuorum).values()].map((c) => c[0]!).sort((a, b) => a.number - b.number);
}

/**
 * For each part number, the part files read quorum of the drives hold, the likeliest
 * acknowledged first: the one most drives hold; between as many, the older. (A re-upload a
 * crash cut short on half the drives ties with the part it would have replaced, and only
 * the old one ever reached write quorum.) Uploads kept beside it (overlapping resends) come
 * after. A Complete takes the one its ETag names.
 */
export function partCandidates(read: UploadRead, readQuorum: number): Map<number, UploadPartRecord[]> {
  const byFile = new Map<string, { part: UploadPartRecord; n: number; alternate: boolean }>();
  const count = (p: UploadPartRecord, alternate: boolean) => {
    const g = byFile.get(p.file);
    if (g) g.n++;
    else byFile.set(p.file, { part: p, n: 1, alternate });
  };
  for (const h of read.holders)
    for (const { alternates = [], ...p } of h?.parts ?? []) {
      count(p, false);
      for (const a of alternates) count(a, true);
    }
  const agreed = [...byFile.values()].filter((g) => g.n >= readQuorum);
  agreed.sort((a, b) => Number(a.alternate) - Number(b.alternate) || b.n - a.n || a.part.mod - b.part.mod);
  const out = new Map<number, UploadPartRecord[]>();
  for (const { part } of agreed) {
    const list = out.get(part.number);
    if (list) list.push(part);
    else out.set(part.number, [part]);
  }
  return out;
}

export const toPartInfo = (p: UploadPartRecord): PartInfo => ({
  number: p.number,
  etag: p.etag,
  size: p.actualSize ?? p.size,
  modTime: new Date(p.mod),
  internal: p.internal,
});

export function metaOf(record: UploadRecord): NewObjectMeta {
  const m = record.meta;
  const meta: NewObjectMeta = {
    contentType: m.contentType,
    userMeta: m.userMeta,
    headers: m.headers,
    internal: m.internal,
  };
  if (m.tags !== undefined) meta.tags = m.tags;
  if (m.retention) meta.retention = { mode: m.retention.mode, until: new Date(m.retention.until) };
  if (m.legalHold !== undefined) meta.legalHold = m.legalHold;
  return meta;
}

export const toUploadInfo = (bucket: string, key: string, uploadId: string, r: UploadRecord): UploadInfo => ({
  bucket,
  key,
  uploadId,
  initiated: new Date(r.initiated),
  meta: metaOf(r),
});

/** The rules an upload's parts and object are written by: its layout's. */
export const uploadParams = (ctx: EngineContext, record: UploadRecord): ErasureParams =>
  paramsWithParity(ctx.params, record.parity);
