import { effective, isEnabled, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';
import { type TargetStatus, type WebhookSettings, WebhookTarget } from './webhook-target.js';

// The notify_* targets that bucket events are delivered to, named as their ARNs name them
// (`<id>:<type>`). `apply` runs after every configuration change and starts, keeps or stops
// targets so that what runs is what the configuration says. Webhook targets deliver; the
// brokers (AMQP, Kafka, MQTT, NATS, NSQ, Redis, databases, Elasticsearch) have no client
// here yet, so their events are dropped and that is logged once per target.

const WEBHOOK = 'notify_webhook';

function webhookTargets(config: ServerConfig): Map<string, WebhookSettings> {
  const sub = subsystem(WEBHOOK)!;
  const out = new Map<string, WebhookSettings>();
  for (const id of Object.keys(config[WEBHOOK] ?? {})) {
    const v = effective(config, sub, id);
    if (!v.endpoint || !isEnabled(sub, v)) continue;
    out.set(`${id}:webhook`, {
      endpoint: v.endpoint,
      authToken: v.auth_token ?? '',
      queueSize: Math.max(1, Number(v.queue_limit) || 100_000),
      ...(v.client_cert ? { clientCert: v.client_cert } : {}),
      ...(v.client_key ? { clientKey: v.client_key } : {}),
    });
  }
  return out;
}

const same = (a: WebhookSettings, b: WebhookSettings) => JSON.stringify(a) === JSON.stringify(b);

export class NotificationTargets {
  private readonly running = new Map<string, WebhookTarget>();
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
    const wanted = webhookTargets(config);
    for (const [name, target] of this.running) {
      const next = wanted.get(name);
      if (next && same(next, target.settings)) continue;
      target.close();
      this.running.delete(name);
    }
    for (const [name, settings] of wanted) {
      if (this.running.has(name)) continue;
      try {
        this.running.set(name, new WebhookTarget(`${WEBHOOK}:${name.split(':')[0]}`, settings, this.log));
      } catch (err) {
        this.log(`${WEBHOOK}:${name}: not started: ${(err as Error).message}`);
      }
    }
    for (const listener of this.listeners) listener();
  }

  /** Queues one event log for a target; false when no such target delivers. */
  send(target: string, entry: unknown): boolean {
    const running = this.running.get(target);
    if (running) return running.send(entry);
    if (!this.warned.has(target)) {
      this.warned.add(target);
      this.log(`notification target ${target}: events cannot be delivered to this target type; dropped`);
    }
    return false;
  }

  status(target: string): TargetStatus | undefined {
    return this.running.get(target)?.status;
  }

  close(): void {
    for (const t of this.running.values()) t.close();
    this.running.clear();
    this.listeners.clear();
  }
}
