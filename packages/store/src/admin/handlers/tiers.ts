import type { ObjectLayer } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import type { TierStats } from '../../ilm/transition/tier-stats.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import { parseTier, redacted, TIER_TYPES, type TierConfig, TierStore } from '../../tiers/tiers.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, jsonReply, type Reply } from '../../wire/reply.js';
import { type AdminCall, jsonObject, optionalString } from '../call.js';
import { remoteBucketState } from './remote-bucket.js';

// Remote tiers (madmin-protocol.md §3.7). S3 and MinIO tiers are checked against the remote
// before they are kept; Azure and GCS tiers cannot be reached from here and are kept as
// given.

export interface TierDeps {
  layer: ObjectLayer;
  system: SystemStore;
  /** Where tiers may be (STOWAGE_OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
  /** What each remote tier holds, as the scanner last counted it (never a walk per request). */
  tierStats: () => ReadonlyMap<string, TierStats>;
}

async function check(tier: TierConfig, outbound: OutboundPolicy): Promise<void> {
  if (tier.Type !== 's3' && tier.Type !== 'minio') return;
  const f = tier[TIER_TYPES[tier.Type]] as Record<string, string>;
  const url = new URL(f.Endpoint ?? '');
  const state = await remoteBucketState(
    {
      endpoint: url.host,
      secure: url.protocol === 'https:',
      bucket: f.Bucket ?? '',
      accessKey: f.AccessKey ?? '',
      secretKey: f.SecretKey ?? '',
      region: f.Region ?? '',
    },
    outbound,
    'XMinioAdminTierInvalidConfig',
  );
  if (state === 'denied') throw new ApiError('XMinioAdminTierInvalidCredentials');
  if (state === 'missing') throw new ApiError('XMinioAdminTierBucketNotFound');
  if (state === 'unreachable')
    throw new ApiError('XMinioAdminTierInvalidConfig', `The tier endpoint ${url.host} cannot be reached`);
}

const find = (tiers: TierConfig[], name: string) => tiers.findIndex((t) => t.Name === name);

export async function addTierReply(call: AdminCall, deps: TierDeps): Promise<Reply> {
  call.require('admin:SetTier');
  const tier = parseTier(jsonObject(await call.secretBody()));
  const store = new TierStore(deps.system);
  const tiers = await store.list();
  if (find(tiers, tier.Name) >= 0) throw new ApiError('XMinioAdminTierAlreadyExists');
  await check(tier, deps.outbound);
  await store.save([...tiers, tier]);
  return emptyReply(204);
}

export async function listTiersReply(call: AdminCall, deps: TierDeps): Promise<Reply> {
  call.require('admin:ListTier');
  const tiers = await new TierStore(deps.system).list();
  return jsonReply(tiers.length === 0 ? null : tiers.map(redacted));
}

/** POST /tier/{name}: new credentials (access and secret, or GCS creds). */
export async function editTierReply(call: AdminCall, deps: TierDeps, name: string): Promise<Reply> {
  call.require('admin:SetTier');
  const store = new TierStore(deps.system);
  const tiers = await store.list();
  const i = find(tiers, name);
  if (i < 0) throw new ApiError('XMinioAdminTierNotFound');
  const body = jsonObject(await call.secretBody());
  const tier = structuredClone(tiers[i]!);
  const fields = tier[TIER_TYPES[tier.Type]]!;
  const access = optionalString(body, 'access');
  const secret = optionalString(body, 'secret');
  const creds = optionalString(body, 'creds');
  if (tier.Type === 'gcs') {
    if (!creds) throw new ApiError('XMinioAdminTierInvalidCredentials', 'GCS tiers take new creds');
    fields.Creds = creds;
  } else {
    if (!access || !secret)
      throw new ApiError('XMinioAdminTierInvalidCredentials', 'Give both access and secret');
    fields[tier.Type === 'azure' ? 'AccountName' : 'AccessKey'] = access;
    fields[tier.Type === 'azure' ? 'AccountKey' : 'SecretKey'] = secret;
  }
  await check(tier, deps.outbound);
  tiers[i] = tier;
  await store.save(tiers);
  return emptyReply(204);
}

export async function removeTierReply(call: AdminCall, deps: TierDeps, name: string): Promise<Reply> {
  call.require('admin:SetTier');
  const store = new TierStore(deps.system);
  const tiers = await store.list();
  const i = find(tiers, name);
  if (i < 0) throw new ApiError('XMinioAdminTierNotFound');
  tiers.splice(i, 1);
  await store.save(tiers);
  return emptyReply(204);
}

export async function verifyTierReply(call: AdminCall, deps: TierDeps, name: string): Promise<Reply> {
  call.require('admin:ListTier');
  const tiers = await new TierStore(deps.system).list();
  const i = find(tiers, name);
  if (i < 0) throw new ApiError('XMinioAdminTierNotFound');
  await check(tiers[i]!, deps.outbound);
  return emptyReply(204);
}

/**
 * GET /tier-stats: the hot tier (STANDARD) first, then every remote tier; a transitioned
 * version counts on its tier only, whatever copy a restore keeps here.
 */
export async function tierStatsReply(call: AdminCall, deps: TierDeps): Promise<Reply> {
  call.require('admin:ListTier');
  const buckets = await deps.layer.listBuckets();
  let totalSize = 0;
  let numObjects = 0;
  let numVersions = 0;
  for (const b of buckets) {
    const u = await deps.layer.bucketUsage(b.name).catch(() => undefined);
    totalSize += u?.size ?? 0;
    numObjects += u?.objects ?? 0;
    numVersions += u?.versions ?? 0;
  }
  const remote = deps.tierStats();
  for (const t of remote.values()) {
    totalSize -= t.totalSize;
    numObjects -= t.numObjects;
    numVersions -= t.numVersions;
  }
  const empty = { totalSize: 0, numVersions: 0, numObjects: 0 };
  const daily = { Bins: Array.from({ length: 24 }, () => empty), UpdatedAt: new Date().toISOString() };
  const tiers = await new TierStore(deps.system).list();
  return jsonReply([
    { Name: 'STANDARD', Type: 'internal', Stats: { totalSize, numVersions, numObjects }, DailyStats: daily },
    ...tiers.map((t) => ({
      Name: t.Name,
      Type: t.Type,
      Stats: remote.get(t.Name) ?? empty,
      DailyStats: daily,
    })),
  ]);
}
