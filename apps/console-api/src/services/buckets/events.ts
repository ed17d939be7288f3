import type { BucketEvent, EventKind } from '@stowage/contract';
import type { Credentials, MadminClient } from '@stowage/madmin';
import { NotificationConfig, QueueConfig } from 'minio';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';

// Bucket notification rules. S3 only sets the whole configuration, so a change reads it,
// edits the rule list and writes it back.

const S3_EVENTS: Record<EventKind, string> = {
  put: 's3:ObjectCreated:*',
  get: 's3:ObjectAccessed:*',
  delete: 's3:ObjectRemoved:*',
};

/** The console's kind for an S3 event name (any ObjectCreated:… is put). */
function kindOf(event: string): EventKind | undefined {
  if (event.startsWith('s3:ObjectCreated')) return 'put';
  if (event.startsWith('s3:ObjectAccessed')) return 'get';
  if (event.startsWith('s3:ObjectRemoved')) return 'delete';
  return undefined;
}

interface Entry {
  Id?: string;
  Event?: string[];
  Filter?: { Name: string; Value: string }[];
  Queue?: string;
  Topic?: string;
  CloudFunction?: string;
}

function toEvent(e: Entry): BucketEvent {
  const filter = (name: string) => String(e.Filter?.find((f) => f.Name?.toLowerCase() === name)?.Value ?? '');
  const kinds = [...new Set((e.Event ?? []).map(kindOf).filter((k): k is EventKind => k !== undefined))];
  return {
    id: String(e.Id ?? ''),
    arn: String(e.Queue ?? e.Topic ?? e.CloudFunction ?? ''),
    events: kinds,
    prefix: filter('prefix'),
    suffix: filter('suffix'),
  };
}

async function readRules(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<BucketEvent[]> {
  const config = await storageCall(gateway.s3(session).getBucketNotification(bucket));
  return [
    ...config.QueueConfiguration,
    ...config.TopicConfiguration,
    ...config.CloudFunctionConfiguration,
  ].map((e) => toEvent(e as Entry));
}

async function writeRules(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  rules: BucketEvent[],
) {
  const config = new NotificationConfig();
  for (const rule of rules) {
    const target = new QueueConfig(rule.arn);
    if (rule.id) target.setId(rule.id);
    for (const kind of rule.events) target.addEvent(S3_EVENTS[kind] as never);
    if (rule.prefix) target.addFilterPrefix(rule.prefix);
    if (rule.suffix) target.addFilterSuffix(rule.suffix);
    config.add(target);
  }
  await storageCall(gateway.s3(session).setBucketNotification(bucket, config));
}

const sameSelection = (a: BucketEvent, b: Omit<BucketEvent, 'id'>) =>
  a.arn === b.arn &&
  a.prefix === b.prefix &&
  a.suffix === b.suffix &&
  [...a.events].sort().join() === [...b.events].sort().join();

export async function listBucketEvents(gateway: StorageGateway, session: Credentials, bucket: string) {
  return { events: await readRules(gateway, session, bucket) };
}

export async function createBucketEvent(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  req: { arn: string; events: EventKind[]; prefix?: string | undefined; suffix?: string | undefined },
  ignoreExisting: boolean,
): Promise<void> {
  const rules = await readRules(gateway, session, bucket);
  const wanted = { arn: req.arn, events: req.events, prefix: req.prefix ?? '', suffix: req.suffix ?? '' };
  if (rules.some((r) => sameSelection(r, wanted))) {
    if (ignoreExisting) return;
    throw new ApiError(
      'conflict',
      'the rule already exists',
      'An event with this configuration already exists',
    );
  }
  await writeRules(gateway, session, bucket, [...rules, { id: '', ...wanted }]);
}

export async function deleteBucketEvent(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  arn: string,
  req: { events: EventKind[]; prefix?: string | undefined; suffix?: string | undefined },
): Promise<void> {
  const rules = await readRules(gateway, session, bucket);
  const wanted = { arn, events: req.events, prefix: req.prefix ?? '', suffix: req.suffix ?? '' };
  const kept = rules.filter((r) => !sameSelection(r, wanted));
  if (kept.length === rules.length)
    throw new ApiError('notFound', 'no such event rule', 'The event rule was not found');
  await writeRules(gateway, session, bucket, kept);
}

/** The targets the server can notify (its SQS ARNs); null when it has none, as the spec reads. */
export async function listArns(admin: MadminClient): Promise<{ arns: string[] | null }> {
  const info = await storageCall(admin.serverInfo());
  const arns = info.sqsARN ?? [];
  return { arns: arns.length ? [...arns].sort() : null };
}
