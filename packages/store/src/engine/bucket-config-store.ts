import { assertBucketName } from './names.js';
import type { SystemStore } from './system-store.js';

// Bucket sub-resources as system documents, `buckets/<bucket>/<kind>.json`. The store keeps
// documents; the kind modules validate and interpret them.

export const CONFIG_DOC_VERSION = 1;

/** The S3 bucket sub-resources a bucket keeps as documents. */
export type ConfigKind =
  | 'versioning'
  | 'tagging'
  | 'policy'
  | 'object-lock'
  | 'encryption'
  | 'cors'
  | 'lifecycle'
  | 'notification'
  | 'replication';

/** S3 sub-resources, and settings the admin API keeps with a bucket (quota, remote targets). */
export type StoredKind = ConfigKind | 'quota' | 'targets';

export interface ConfigDoc {
  v: 1;
  kind: StoredKind;
  value: unknown;
}

/** The folder of a bucket's documents; a name no bucket can have is InvalidBucketName. */
function folderOf(bucket: string): string {
  assertBucketName(bucket);
  return `buckets/${bucket}`;
}

const pathOf = (bucket: string, kind: StoredKind) => `${folderOf(bucket)}/${kind}.json`;

export class BucketConfigStore {
  constructor(private readonly system: SystemStore) {}

  /** The stored value, or undefined; a document of an unknown version is an error, not absent. */
  async get(bucket: string, kind: StoredKind): Promise<unknown> {
    const raw = await this.system.read(pathOf(bucket, kind));
    if (raw === undefined) return undefined;
    const doc = raw as Partial<ConfigDoc>;
    if (typeof raw !== 'object' || raw === null || doc.v !== CONFIG_DOC_VERSION || doc.kind !== kind) {
      throw new Error(`bucket ${bucket}: unreadable ${kind} document`);
    }
    return doc.value;
  }

  put(bucket: string, kind: StoredKind, value: unknown): Promise<void> {
    const doc: ConfigDoc = { v: CONFIG_DOC_VERSION, kind, value };
    return this.system.write(pathOf(bucket, kind), doc);
  }

  delete(bucket: string, kind: StoredKind): Promise<void> {
    return this.system.remove(pathOf(bucket, kind));
  }

  /** Every document of a bucket, when the bucket itself goes. */
  async deleteAll(bucket: string): Promise<void> {
    const folder = folderOf(bucket);
    for (const name of await this.system.list(folder)) await this.system.remove(`${folder}/${name}`);
    await this.system.removeFolder(folder);
  }
}
