import type { StoredHeaderName } from '../../engine/object-layer.js';

// Multipart upload state kept in the system namespace. Every record carries a format
// version; a reader refuses versions it does not know instead of guessing.

export const UPLOAD_RECORD_VERSION = 1;

export interface UploadRecord {
  v: 1;
  uploadId: string;
  bucket: string;
  key: string;
  /** ISO time the upload was created. */
  initiated: string;
  contentType: string;
  userMeta: Record<string, string>;
  headers: Partial<Record<StoredHeaderName, string>>;
}

export interface PartRecord {
  v: 1;
  partNumber: number;
  /** Hex MD5 of the part. */
  etag: string;
  size: number;
  lastModified: string;
  /** Flexible checksums the client sent with the part (algorithm → base64), verified on upload. */
  checksums: Record<string, string>;
}

type Shape<T> = { [K in keyof T]: 'string' | 'number' | 'object' };

function check<T>(raw: unknown, shape: Shape<T>, what: string): T {
  if (typeof raw !== 'object' || raw === null) throw new Error(`${what}: not an object`);
  const rec = raw as Record<string, unknown>;
  if (rec.v !== UPLOAD_RECORD_VERSION) throw new Error(`${what}: unknown format version ${String(rec.v)}`);
  for (const [name, type] of Object.entries(shape)) {
    const value = rec[name];
    if (typeof value !== type || value === null) throw new Error(`${what}: field ${name} is not a ${type}`);
  }
  return raw as T;
}

export const decodeUpload = (raw: unknown): UploadRecord =>
  check<UploadRecord>(
    raw,
    {
      v: 'number',
      uploadId: 'string',
      bucket: 'string',
      key: 'string',
      initiated: 'string',
      contentType: 'string',
      userMeta: 'object',
      headers: 'object',
    },
    'multipart upload record',
  );

export const decodePart = (raw: unknown): PartRecord =>
  check<PartRecord>(
    raw,
    {
      v: 'number',
      partNumber: 'number',
      etag: 'string',
      size: 'number',
      lastModified: 'string',
      checksums: 'object',
    },
    'multipart part record',
  );
