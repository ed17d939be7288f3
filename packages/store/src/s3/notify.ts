import type { BucketConfigStore } from '../engine/bucket-config-store.js';
import type { EventLog } from '../observe/event-log.js';
import type { Logger } from '../observe/logger.js';
import type { NotificationTargets } from '../observe/notify-targets.js';
import { type NotificationRule, notificationRules } from './config/notification.js';
import { type BucketEvent, type EventBus, eventMatches, eventRecord } from './events.js';

// Delivery of bucket events to notification targets: each event is matched against the
// bucket's notification document (events, prefix, suffix) and sent, as MinIO sends it, to
// the targets its queue configurations name. Events are only gathered while some target
// can deliver, so a store without targets pays nothing on the request path.

/** Go's url.QueryEscape, which MinIO applies to the object key of a delivered record. */
export function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** The body MinIO POSTs to a webhook (and stores for the other targets): one record. */
export function eventLog(
  e: BucketEvent,
  rule: NotificationRule,
  region: string,
  deploymentId: string,
): EventLog {
  const record = eventRecord(e, region, deploymentId) as {
    eventTime: string;
    s3: { configurationId: string; object: { key: string } };
  };
  record.s3.configurationId = rule.id || 'Config';
  record.s3.object.key = queryEscape(e.key);
  return { EventName: e.name, Key: `${e.bucket}/${e.key}`, Records: [record] };
}

export const ruleMatches = (rule: NotificationRule, e: BucketEvent): boolean =>
  rule.events.some((pattern) => eventMatches(pattern, e.name)) &&
  e.key.startsWith(rule.prefix) &&
  e.key.endsWith(rule.suffix);

export interface NotifierDeps {
  events: EventBus;
  configs: BucketConfigStore;
  targets: NotificationTargets;
  region: string;
  deploymentId: string;
  log: Logger;
}

/**
 * The rules an event is sent by: the first that matches for each target, so that a target
 * hears an event once however many of its rules match (documents stored before overlaps
 * were refused may hold several).
 */
export function deliveries(rules: readonly NotificationRule[], e: BucketEvent): NotificationRule[] {
  const byTarget = new Map<string, NotificationRule>();
  for (const rule of rules)
    if (!byTarget.has(rule.target) && ruleMatches(rule, e)) byTarget.set(rule.target, rule);
  return [...byTarget.values()];
}

/** Subscribes to the events while targets run; returns the stop function. */
export function startNotifier(deps: NotifierDeps): () => void {
  const parsed = new Map<string, { xml: string; rules: NotificationRule[] }>();
  const rulesOf = async (bucket: string): Promise<NotificationRule[]> => {
    const stored = (await deps.configs.get(bucket, 'notification')) as { xml: string } | undefined;
    if (!stored) return [];
    const cached = parsed.get(bucket);
    if (cached?.xml === stored.xml) return cached.rules;
    const rules = notificationRules(stored.xml);
    parsed.set(bucket, { xml: stored.xml, rules });
    return rules;
  };
  const deliver = async (e: BucketEvent) => {
    for (const rule of deliveries(await rulesOf(e.bucket), e))
      deps.targets.send(rule.target, eventLog(e, rule, deps.region, deps.deploymentId));
  };
  // One chain keeps the events in the order the requests finished.
  let tail: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | undefined;
  const sync = () => {
    if (deps.targets.active && !unsubscribe)
      unsubscribe = deps.events.subscribe((e) => {
        tail = tail
          .then(() => deliver(e))
          .catch((err: unknown) =>
            deps.log.error(`event delivery for bucket ${e.bucket}: ${String(err)}`, { err }),
          );
      });
    else if (!deps.targets.active && unsubscribe) {
      unsubscribe();
      unsubscribe = undefined;
    }
  };
  sync();
  const stopWatching = deps.targets.onChange(sync);
  return () => {
    stopWatching();
    unsubscribe?.();
  };
}
