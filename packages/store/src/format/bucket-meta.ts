import { asFields, date, str, versionOf } from './record.js';

// Per-bucket record in the system area; bucket configuration documents will join it.
export const BUCKET_META_VERSION = 1;

export interface BucketMetaRecord {
  v: typeof BUCKET_META_VERSION;
  name: string;
  created: string;
}

const KIND = 'bucket metadata';

export function decodeBucketMeta(raw: unknown): BucketMetaRecord {
  const f = asFields(raw, KIND);
  versionOf(f, 'v', KIND, BUCKET_META_VERSION);
  date(f, 'created', KIND);
  return { v: 1, name: str(f, 'name', KIND), created: str(f, 'created', KIND) };
}
