import { randomUUID } from 'node:crypto';
import { checkReplicationArn, decodeTargets } from '../../replication/targets.js';
import { ApiError } from '../../wire/errors.js';
import type { Reply } from '../../wire/reply.js';
import { textOf, type XmlObject } from '../../wire/xml-parse.js';
import { type ConfigContext, KIB, type KindSpec, listOf, need, objectOf, storedAs, xmlRoot } from './kind.js';
import { checkLifecycleRule, withRuleIds } from './lifecycle-rules.js';

// Lifecycle, notification and replication: their engines come later, so the documents
// are checked against S3's schema shapes, and what they name (tiers, notification
// targets) against what is configured, then kept as the XML the client sent.

const xmlText = (stored: unknown): string =>
  storedAs<{ xml: string }>(stored, (v) => typeof v.xml === 'string').xml;
export const renderText = (stored: unknown): Reply => ({
  status: 200,
  body: { type: 'bytes', value: Buffer.from(xmlText(stored)), contentType: 'application/xml' },
});

export function uniqueIds(rules: XmlObject[], field: string): void {
  const ids = new Set<string>();
  for (const r of rules) {
    const id = textOf(r, field);
    if (!id) continue; // none, or empty: the store gives it one (withRuleIds)
    if (id.length > 255)
      throw new ApiError('InvalidArgument', 'ID length should not exceed allowed limit of 255');
    if (ids.has(id))
      throw new ApiError('InvalidArgument', 'Rule ID must be unique. Found same ID for more than one rule');
    ids.add(id);
  }
}

const TRANSITIONS = ['Transition', 'NoncurrentVersionTransition'];

/** Every transition names a storage class, and each must be a configured tier (MinIO). */
async function checkTransitionTiers(rules: XmlObject[], ctx: ConfigContext): Promise<void> {
  const classes = new Set<string>();
  for (const r of rules)
    for (const action of TRANSITIONS)
      for (const t of listOf(r[action]).map(objectOf)) {
        const storageClass = textOf(t, 'StorageClass');
        if (!storageClass) throw new ApiError('InvalidStorageClass');
        classes.add(storageClass);
      }
  if (classes.size === 0) return;
  const tiers = new Set(await ctx.tierNames());
  for (const c of classes) if (!tiers.has(c)) throw new ApiError('InvalidStorageClass');
}

const LIFECYCLE_ACTIONS = [
  'Expiration',
  'Transition',
  'NoncurrentVersionExpiration',
  'NoncurrentVersionTransition',
  'AbortIncompleteMultipartUpload',
  'DelMarkerExpiration',
];

export const lifecycle: KindSpec = {
  maxBody: 512 * KIB,
  integrityRequired: true,
  missing: 'NoSuchLifecycleConfiguration',
  async parse(body, ctx) {
    const rules = listOf(xmlRoot(body, 'LifecycleConfiguration').Rule).map(objectOf);
    if (rules.length === 0 || rules.length > 1000) throw new ApiError('MalformedXML');
    const locked = (await ctx.configs.get(ctx.bucket, 'object-lock')) !== undefined;
    for (const r of rules) {
      const status = need(r, 'Status');
      if (status !== 'Enabled' && status !== 'Disabled') throw new ApiError('MalformedXML');
      if (!LIFECYCLE_ACTIONS.some((a) => r[a] !== undefined)) {
        throw new ApiError('InvalidRequest', 'At least one action needs to be specified in a rule');
      }
      if (r.Filter !== undefined && r.Prefix !== undefined) throw new ApiError('MalformedXML');
      checkLifecycleRule(r, locked);
    }
    uniqueIds(rules, 'ID');
    await checkTransitionTiers(rules, ctx);
    return { xml: withRuleIds(body.toString('utf8'), rules, randomUUID) };
  },
  render: renderText,
};

/**
 * The remote-target ARNs a replication document replicates to, the document checked on the
 * way: the legacy Role names the one target of every rule (MinIO); otherwise each rule's
 * destination is its target.
 */
export function replicationTargets(body: Buffer | string): string[] {
  const root = xmlRoot(typeof body === 'string' ? Buffer.from(body) : body, 'ReplicationConfiguration');
  const rules = listOf(root.Rule).map(objectOf);
  if (rules.length === 0 || rules.length > 1000) throw new ApiError('MalformedXML');
  const destinations = new Set<string>();
  for (const r of rules) {
    const status = need(r, 'Status');
    if (status !== 'Enabled' && status !== 'Disabled') throw new ApiError('MalformedXML');
    const bucket = need(objectOf(r.Destination), 'Bucket');
    if (!bucket.startsWith('arn:')) {
      throw new ApiError('InvalidArgument', 'Invalid bucket ARN in replication destination');
    }
    destinations.add(bucket);
  }
  uniqueIds(rules, 'ID');
  const role = textOf(root, 'Role') ?? '';
  if (role === '') return [...destinations];
  if (destinations.size > 1) {
    throw new ApiError(
      'InvalidRequest',
      '`Role` should be empty in ReplicationConfiguration for multiple targets',
    );
  }
  return [role];
}

export const replication: KindSpec = {
  maxBody: 256 * KIB,
  missing: 'ReplicationConfigurationNotFoundError',
  async parse(body, ctx) {
    const versioning = (await ctx.configs.get(ctx.bucket, 'versioning')) as { status?: string } | undefined;
    if (versioning?.status !== 'Enabled') {
      throw new ApiError(
        'InvalidRequest',
        "Versioning must be 'Enabled' on the bucket to apply a replication configuration",
      );
    }
    const targets = decodeTargets(await ctx.configs.get(ctx.bucket, 'targets'));
    for (const arn of replicationTargets(body)) checkReplicationArn(arn, targets);
    return { xml: body.toString('utf8') };
  },
  render: renderText,
};
