import { effective, isEnabled, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';
import type { QueuedTarget, TargetStatus } from './queued-target.js';
import { RedisTarget } from './redis-target.js';
import { WebhookTarget } from './webhook-target.js';

// The notify_* targets that bucket events are delivered to, named as their ARNs name them
// (`<id>:<type>`). `apply` runs after every configuration change and starts, keeps or stops
// targets so that what runs is what the configuration says. Webhook and Redis targets
// deliver; the other brokers (AMQP, Kafka, MQTT, NATS, NSQ, databases, Elasticsearch) have
// no client here yet, so their events are dropped and that is logged once per target.

/** An event log as MinIO delivers it: one record. */
export interface EventLog {
  EventName: string;
  Key: string;
  Records: { eventTime: string }[];
}

interface Wanted {
  settings: unknown;
  start(log: (line: string) => void): QueuedTarget<unknown>;
}

const queueSize = (v: Record<string, string>) => Math.max(1, Number(v.queue_limit) || 100_000);

function enabled(config: ServerConfig, name: string): [string, Record<string, string>][] {
  const sub = subsystem(name)!;
  return Object.keys(config[name] ?? {})
    .map((id) => [id, effective(config, sub, id)] as [string, Record<string, string>])
    .filter(([, v]) => isEnabled(sub, v));
}

function wantedTargets(config: ServerConfig): Map<string, Wanted> {
  const out = new Map<string, Wanted>();
  for (const [id, v] of enabled(config, 'notify_webhook')) {
    if (!v.endpoint) continue;
    const settings = {
      endpoint: v.endpoint,
      authToken: v.auth_token ?? '',
      queueSize: queueSize(v),
      ...(v.client_cert ? { clientCert: v.client_cert } : {}),
      ...(v.client_key ? { clientKey: v.client_key } : {}),
    };
    out.set(`${id}:webhook`, {
      settings,
      start: (log) => new WebhookTarget(`notify_webhook:${id}`, settings, log),
    });
  }
  for (const [id, v] of enabled(config, 'notify_redis')) {
    const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec((v.address ?? '').trim());
    if (!m?.[1] || !v.key) continue;
    const settings = {
      host: m[1],
      port: Number(m[2] ?? 6379),
      key: v.key,
      format: v.format === 'access' ? ('access' as const) : ('namespace' as const),
      user: v.user ?? '',
      password: v.password ?? '',
      queueSize: queueSize(v),
    };
    const start = (log: (line: string) => void) =>
      new RedisTarget(`notify_redis:${id}`, settings, log) as QueuedTarget<unknown>;
    out.set(`${id}:redis`, { settings, start });
  }
  return out;
}

/** What a target of this type is given for one event log. */
function entryFor(target: string, log: EventLog): unknown {
  if (!target.endsWith(':redis')) return log;
  return {
    eventName: log.EventName,
    objectKey: log.Key,
    eventTime: log.Records[0]?.eventTime,
    record: log.Records[0],
  };
}

export class NotificationTargets {
  private readonly running = new Map<string, { settings: string; target: QueuedTarget<unknown> }>();
  private readonly warned = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly log: (line: string) => void) {}

  /** Whether any target can deliver (events are only gathered while one can). */
  get active(): boolean {
    return this.running.size > 0;
  }

  /** Calls `listener` after every apply; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  apply(config: ServerConfig): void {
    const wanted = wantedTargets(config);
    for (const [name, running] of this.running) {
      const next = wanted.get(name);
      if (next && JSON.stringify(next.settings) === running.settings) continue;
      running.target.close();
      this.running.delete(name);
    }
    for (const [name, want] of wanted) {
      if (this.running.has(name)) continue;
      try {
        this.running.set(name, { settings: JSON.stringify(want.settings), target: want.start(this.log) });
      } catch (err) {
        // An unreadable client certificate: the target cannot run; say so once.
        this.log(`notification target ${name}: not started: ${(err as Error).message}`);
      }
    }
    for (const listener of this.listeners) listener();
  }

  /** Queues one event log for a target; false when no such target delivers. */
  send(target: string, log: EventLog): boolean {
    const running = this.running.get(target);
    if (running) return running.target.send(entryFor(target, log));
    if (!this.warned.has(target)) {
      this.warned.add(target);
      this.log(`notification target ${target}: events cannot be delivered to this target type; dropped`);
    }
    return false;
  }

  status(target: string): TargetStatus | undefined {
    return this.running.get(target)?.target.status;
  }

  close(): void {
    for (const t of this.running.values()) t.target.close();
    this.running.clear();
    this.listeners.clear();
  }
}
