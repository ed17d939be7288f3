import type { Reply } from '../../http/reply.js';
import { xmlReply } from '../../http/reply.js';
import { ApiError } from '../errors.js';
import { textOf, type XmlObject } from '../xml/parse.js';
import { elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { KIB, type KindSpec, listOf, need, objectOf, storedAs, xmlRoot } from './kind.js';

// Lifecycle, notification and replication: their engines come later, so the documents
// are checked against S3's schema shapes and kept as the XML the client sent.

const xmlText = (stored: unknown): string =>
  storedAs<{ xml: string }>(stored, (v) => typeof v.xml === 'string').xml;
const renderText = (stored: unknown): Reply => ({
  status: 200,
  body: { type: 'bytes', value: Buffer.from(xmlText(stored)), contentType: 'application/xml' },
});

function uniqueIds(rules: XmlObject[], field: string): void {
  const ids = new Set<string>();
  for (const r of rules) {
    const id = textOf(r, field);
    if (id === undefined) continue;
    if (id.length > 255)
      throw new ApiError('InvalidArgument', 'ID length should not exceed allowed limit of 255');
    if (ids.has(id))
      throw new ApiError('InvalidArgument', 'Rule ID must be unique. Found same ID for more than one rule');
    ids.add(id);
  }
}

const LIFECYCLE_ACTIONS = [
  'Expiration',
  'Transition',
  'NoncurrentVersionExpiration',
  'NoncurrentVersionTransition',
  'AbortIncompleteMultipartUpload',
];

export const lifecycle: KindSpec = {
  maxBody: 512 * KIB,
  missing: 'NoSuchLifecycleConfiguration',
  parse(body) {
    const rules = listOf(xmlRoot(body, 'LifecycleConfiguration').Rule).map(objectOf);
    if (rules.length === 0 || rules.length > 1000) throw new ApiError('MalformedXML');
    for (const r of rules) {
      const status = need(r, 'Status');
      if (status !== 'Enabled' && status !== 'Disabled') throw new ApiError('MalformedXML');
      if (!LIFECYCLE_ACTIONS.some((a) => r[a] !== undefined)) {
        throw new ApiError('InvalidRequest', 'At least one action needs to be specified in a rule');
      }
      if (r.Filter !== undefined && r.Prefix !== undefined) throw new ApiError('MalformedXML');
      const expiration = r.Expiration === undefined ? undefined : objectOf(r.Expiration);
      const days = expiration ? textOf(expiration, 'Days') : undefined;
      if (days !== undefined && !/^[1-9]\d{0,8}$/.test(days)) {
        throw new ApiError('InvalidArgument', "'Days' for Expiration action must be a positive integer");
      }
    }
    uniqueIds(rules, 'ID');
    return { xml: body.toString('utf8') };
  },
  render: renderText,
};

const NOTIFICATION_KINDS: Array<[string, string]> = [
  ['TopicConfiguration', 'Topic'],
  ['QueueConfiguration', 'Queue'],
  ['CloudFunctionConfiguration', 'CloudFunction'],
];

export const notification: KindSpec = {
  maxBody: 256 * KIB,
  missing: () => xmlReply(elAttrs('NotificationConfiguration', { xmlns: S3_NAMESPACE })),
  parse(body) {
    const doc = xmlRoot(body, 'NotificationConfiguration');
    const all: XmlObject[] = [];
    for (const [element, arnField] of NOTIFICATION_KINDS) {
      for (const c of listOf(doc[element]).map(objectOf)) {
        const arn = need(c, arnField);
        if (!arn.startsWith('arn:')) {
          throw new ApiError(
            'InvalidArgument',
            'A specified destination ARN does not exist or is not well-formed',
          );
        }
        const events = listOf(c.Event);
        if (events.length === 0 || !events.every((e) => typeof e === 'string' && e.startsWith('s3:'))) {
          throw new ApiError('InvalidArgument', 'A specified event is not supported for notifications.');
        }
        all.push(c);
      }
    }
    uniqueIds(all, 'Id');
    return { xml: body.toString('utf8') };
  },
  render: renderText,
};

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
    const rules = listOf(xmlRoot(body, 'ReplicationConfiguration').Rule).map(objectOf);
    if (rules.length === 0 || rules.length > 1000) throw new ApiError('MalformedXML');
    for (const r of rules) {
      const status = need(r, 'Status');
      if (status !== 'Enabled' && status !== 'Disabled') throw new ApiError('MalformedXML');
      const bucket = need(objectOf(r.Destination), 'Bucket');
      if (!bucket.startsWith('arn:')) {
        throw new ApiError('InvalidArgument', 'Invalid bucket ARN in replication destination');
      }
    }
    uniqueIds(rules, 'ID');
    return { xml: body.toString('utf8') };
  },
  render: renderText,
};
