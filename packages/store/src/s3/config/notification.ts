import { parseQueueArn } from '../../config/notify-arns.js';
import { ApiError } from '../../wire/errors.js';
import { xmlReply } from '../../wire/reply.js';
import { textOf, type XmlObject } from '../../wire/xml-parse.js';
import { elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { isEventName } from '../events.js';
import { renderText, uniqueIds } from './documents.js';
import { type ConfigContext, KIB, type KindSpec, listOf, need, objectOf, xmlRoot } from './kind.js';

// Bucket notification (MinIO's rules): queue configurations only; each names an enabled
// notification target of this store's region, known events and at most one prefix and one
// suffix filter. Delivery to the targets is not built yet; the document is kept as sent.

const arnError = () =>
  new ApiError(
    'InvalidArgument',
    'A specified destination ARN does not exist or is not well-formed. Verify the destination ARN.',
  );

function checkQueueArn(arn: string, ctx: ConfigContext): void {
  const wanted = parseQueueArn(arn);
  if (!wanted) throw arnError();
  const configured = ctx.notificationArns.map(parseQueueArn).filter((a) => a !== undefined);
  const regions = new Set([ctx.region, ...configured.map((a) => a.region)]);
  // A store with no region set takes any (MinIO).
  if (wanted.region !== '' && ctx.region !== '' && !regions.has(wanted.region)) {
    throw new ApiError(
      'InvalidArgument',
      'A specified destination is in a different region than the bucket. You must use a destination that resides in the same region as the bucket.',
    );
  }
  if (!configured.some((a) => a.target === wanted.target)) throw arnError();
}

function checkFilter(queue: XmlObject): void {
  if (queue.Filter === undefined) return;
  const key = objectOf(objectOf(queue.Filter).S3Key);
  const seen = new Set<string>();
  for (const rule of listOf(key.FilterRule).map(objectOf)) {
    const name = need(rule, 'Name').toLowerCase();
    if (name !== 'prefix' && name !== 'suffix') {
      throw new ApiError('InvalidArgument', 'filter rule name must be either prefix or suffix');
    }
    if (seen.has(name)) {
      throw new ApiError('InvalidArgument', `Cannot specify more than one ${name} rule in a filter.`);
    }
    seen.add(name);
    if ((textOf(rule, 'Value') ?? '').length > 1024) {
      throw new ApiError('InvalidArgument', 'filter value cannot exceed 1024 characters');
    }
  }
}

/** `s3:ObjectCreated:*` covers `s3:ObjectCreated:Put`; a name covers itself. */
const covers = (a: string, b: string): boolean =>
  a === b ||
  (a.endsWith(':*') && b.startsWith(a.slice(0, -1))) ||
  (b.endsWith(':*') && a.startsWith(b.slice(0, -1)));

/**
 * Refuses what S3 and MinIO call overlapping: an event named twice in a configuration, or
 * two configurations for one target whose events and key filters meet (one prefix starts
 * the other, one suffix ends the other). Each event would be delivered twice.
 */
function checkOverlaps(rules: NotificationRule[]): void {
  for (const rule of rules)
    if (new Set(rule.events).size !== rule.events.length)
      throw new ApiError(
        'InvalidArgument',
        'Configurations overlap. Configurations on the same bucket cannot share a common event type.',
      );
  rules.forEach((a, i) => {
    for (const b of rules.slice(i + 1)) {
      if (a.target !== b.target || !a.events.some((x) => b.events.some((y) => covers(x, y)))) continue;
      const prefixes = a.prefix.startsWith(b.prefix) || b.prefix.startsWith(a.prefix);
      const suffixes = a.suffix.endsWith(b.suffix) || b.suffix.endsWith(a.suffix);
      if (prefixes && suffixes)
        throw new ApiError(
          'InvalidArgument',
          'An object key name filtering rule defined with overlapping prefixes, overlapping suffixes, or overlapping combinations of prefixes and suffixes for the same event types.',
        );
    }
  });
}

/** One queue configuration as delivery reads it. */
export interface NotificationRule {
  id: string;
  /** `<id>:<type>`, as the target's ARN names it. */
  target: string;
  events: string[];
  prefix: string;
  suffix: string;
}

/** The queue configurations of a stored (already validated) notification document. */
export function notificationRules(xml: string): NotificationRule[] {
  const doc = xmlRoot(Buffer.from(xml), 'NotificationConfiguration');
  return listOf(doc.QueueConfiguration)
    .map(objectOf)
    .flatMap((q) => {
      const arn = parseQueueArn(textOf(q, 'Queue') ?? '');
      if (!arn) return [];
      const filter: Record<string, string> = {};
      if (q.Filter !== undefined)
        for (const rule of listOf(objectOf(objectOf(q.Filter).S3Key).FilterRule).map(objectOf))
          filter[(textOf(rule, 'Name') ?? '').toLowerCase()] = textOf(rule, 'Value') ?? '';
      return [
        {
          id: textOf(q, 'Id') ?? '',
          target: arn.target,
          events: listOf(q.Event).filter((e): e is string => typeof e === 'string'),
          prefix: filter.prefix ?? '',
          suffix: filter.suffix ?? '',
        },
      ];
    });
}

export const notification: KindSpec = {
  maxBody: 256 * KIB,
  missing: () => xmlReply(elAttrs('NotificationConfiguration', { xmlns: S3_NAMESPACE })),
  parse(body, ctx) {
    const doc = xmlRoot(body, 'NotificationConfiguration');
    if (doc.TopicConfiguration !== undefined || doc.CloudFunctionConfiguration !== undefined) {
      throw new ApiError('UnsupportedNotification');
    }
    const queues = listOf(doc.QueueConfiguration).map(objectOf);
    for (const q of queues) {
      checkQueueArn(need(q, 'Queue'), ctx);
      const events = listOf(q.Event);
      if (events.length === 0 || !events.every((e) => typeof e === 'string' && isEventName(e))) {
        throw new ApiError('InvalidArgument', 'A specified event is not supported for notifications.');
      }
      checkFilter(q);
    }
    uniqueIds(queues, 'Id');
    const xml = body.toString('utf8');
    checkOverlaps(notificationRules(xml));
    return { xml };
  },
  render: renderText,
};
