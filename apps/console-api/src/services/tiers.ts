import type { AddTierRequest, Tier, TierCredentialsRequest, TierType } from '@stowage/contract';
import type { MadminClient, TierConfig, TierCreds, TierStatsEntry } from '@stowage/madmin';
import { storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';

// Remote tiers over the admin API (madmin TierConfig). The browser sees a tier's place and
// access key, never its secrets; new secrets only ever travel towards the server.

const WIRE_KEY = { s3: 'S3', minio: 'MinIO', gcs: 'GCS', azure: 'Azure' } as const;
/** Settings the list shows, by their wire names; SecretKey, AccountKey and Creds are not among them. */
const SHOWN = ['Endpoint', 'Bucket', 'Prefix', 'Region', 'StorageClass', 'AccessKey', 'AccountName'];

function toTier(t: TierConfig): Tier {
  const raw = (t[WIRE_KEY[t.Type]] ?? {}) as Record<string, unknown>;
  const settings: Record<string, string> = { name: t.Name };
  for (const field of SHOWN) {
    const value = raw[field];
    if (typeof value === 'string' && value !== '') settings[field.toLowerCase()] = value;
  }
  return { type: t.Type, [t.Type]: settings } as Tier;
}

/**
 * The tiers with what each holds. The figures are extra: a server that cannot count them
 * (or a session that may list tiers but not read their statistics) still gets the list.
 */
export async function listTiers(admin: MadminClient): Promise<{ items: Tier[] }> {
  const [tiers, stats] = await Promise.all([
    storageCall(admin.tiers.list()),
    admin.tiers.stats().catch((): TierStatsEntry[] => []),
  ]);
  const usage = new Map(stats.map((s) => [s.Name, s.Stats]));
  return {
    items: tiers.map((t) => {
      const figures = usage.get(t.Name);
      const tier = toTier(t);
      return figures
        ? {
            ...tier,
            usage: { objects: figures.numObjects, versions: figures.numVersions, size: figures.totalSize },
          }
        : tier;
    }),
  };
}

export async function getTier(admin: MadminClient, type: TierType, name: string): Promise<Tier> {
  const tier = (await storageCall(admin.tiers.list())).find((t) => t.Name === name && t.Type === type);
  if (!tier) throw new ApiError('notFound', `no ${type} tier named ${name}`, 'The tier was not found');
  return toTier(tier);
}

/** The form's settings in madmin's TierConfig; a GCS key file travels base64-encoded. */
function tierConfig(body: AddTierRequest): TierConfig {
  const settings = body[body.type];
  if (!settings)
    throw new ApiError('badRequest', `a ${body.type} tier needs its settings under "${body.type}"`);
  const base = {
    ...(settings.endpoint ? { Endpoint: settings.endpoint } : {}),
    Bucket: settings.bucket,
    Prefix: settings.prefix ?? '',
    Region: settings.region ?? '',
  };
  const fields: Record<string, unknown> =
    'creds' in settings
      ? { ...base, Creds: Buffer.from(settings.creds, 'utf8').toString('base64') }
      : 'accountkey' in settings
        ? { ...base, AccountName: settings.accountname, AccountKey: settings.accountkey }
        : { ...base, AccessKey: settings.accesskey, SecretKey: settings.secretkey };
  if ('storageclass' in settings && settings.storageclass) fields.StorageClass = settings.storageclass;
  return { Version: 'v1', Type: body.type, Name: settings.name, [WIRE_KEY[body.type]]: fields };
}

export async function addTier(admin: MadminClient, body: AddTierRequest): Promise<void> {
  await storageCall(admin.tiers.add(tierConfig(body)));
}

export async function editTierCredentials(
  admin: MadminClient,
  type: TierType,
  name: string,
  body: TierCredentialsRequest,
): Promise<void> {
  let creds: TierCreds;
  if (type === 'gcs') {
    if (!body.creds) throw new ApiError('badRequest', 'a GCS tier takes a new JSON key file in "creds"');
    creds = { creds: Buffer.from(body.creds, 'utf8').toString('base64') };
  } else {
    if (!body.access_key || !body.secret_key)
      throw new ApiError('badRequest', `a ${type} tier takes "access_key" and "secret_key"`);
    creds = { access: body.access_key, secret: body.secret_key };
  }
  await getTier(admin, type, name); // the type in the path must be the tier's
  await storageCall(admin.tiers.edit(name, creds));
}
