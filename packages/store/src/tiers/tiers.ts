import type { SystemStore } from '../engine/system-store.js';
import { asFields, RecordFormatError, versionOf } from '../format/record.js';
import { TierError } from './errors.js';

// Remote tiers for lifecycle transitions (madmin-protocol.md §3.7): madmin.TierConfig
// documents, checked and kept in the system namespace; secrets never shown again.

export const TIER_TYPES = { s3: 'S3', azure: 'Azure', gcs: 'GCS', minio: 'MinIO' } as const;
export type TierType = keyof typeof TIER_TYPES;
const SECRET_FIELDS = ['SecretKey', 'AccountKey', 'Creds'];
const RESERVED = ['STANDARD', 'RRS'];
const DOC = 'config/tiers.json';
const DOC_VERSION = 1;

export interface TierConfig {
  Version: 'v1';
  Type: TierType;
  Name: string;
  S3?: Record<string, unknown>;
  Azure?: Record<string, unknown>;
  GCS?: Record<string, unknown>;
  MinIO?: Record<string, unknown>;
}

/** A tier from a request body, checked as madmin and MinIO check it. */
export function parseTier(raw: Record<string, unknown>): TierConfig {
  if (raw.Version !== 'v1') throw new TierError('InvalidConfigVersion');
  const name = typeof raw.Name === 'string' ? raw.Name : '';
  if (name === '') throw new TierError('NameEmpty');
  if (RESERVED.includes(name.toUpperCase())) throw new TierError('Reserved');
  const type = raw.Type as TierType;
  const key = TIER_TYPES[type];
  if (!key) throw new TierError('InvalidConfig', `Unknown tier type '${String(raw.Type)}'`);
  const sub = raw[key];
  if (typeof sub !== 'object' || sub === null || Array.isArray(sub))
    throw new TierError('InvalidConfig', `A ${type} tier needs its ${key} settings`);
  const fields = sub as Record<string, unknown>;
  if (typeof fields.Bucket !== 'string' || fields.Bucket === '')
    throw new TierError('InvalidConfig', 'The tier needs a bucket');
  if (
    (type === 's3' || type === 'minio') &&
    (typeof fields.Endpoint !== 'string' || !/^https?:\/\//.test(fields.Endpoint))
  )
    throw new TierError('InvalidConfig', 'The tier endpoint must be an http(s) URL');
  return { Version: 'v1', Type: type, Name: name, [key]: fields };
}

/** ListTiers' shape: all four sub-objects present, unused ones empty, secrets REDACTED. */
export function redacted(tier: TierConfig): TierConfig {
  const out: TierConfig = {
    Version: 'v1',
    Type: tier.Type,
    Name: tier.Name,
    S3: {},
    Azure: {},
    GCS: {},
    MinIO: {},
  };
  const key = TIER_TYPES[tier.Type];
  const fields = { ...(tier[key] ?? {}) };
  for (const f of SECRET_FIELDS) if (fields[f]) fields[f] = 'REDACTED';
  out[key] = fields;
  return out;
}

export class TierStore {
  constructor(private readonly system: SystemStore) {}

  async list(): Promise<TierConfig[]> {
    const raw = await this.system.read(DOC);
    if (raw === undefined) return [];
    const f = asFields(raw, 'tiers');
    versionOf(f, 'v', 'tiers', DOC_VERSION);
    if (!Array.isArray(f.tiers)) throw new RecordFormatError('tiers: "tiers" must be a list');
    return f.tiers as TierConfig[];
  }

  async save(tiers: TierConfig[]): Promise<void> {
    await this.system.write(DOC, { v: DOC_VERSION, tiers });
  }
}
