import { DEFAULT_TARGET, effective, isEnabled, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { Logger } from './logger.js';
import { type TargetStatus, type WebhookSettings, WebhookTarget } from './webhook-target.js';

// The logger_webhook and audit_webhook targets of the server configuration. Both
// subsystems are dynamic: `apply` runs after every configuration change and starts, keeps
// or stops targets so that what runs is what the configuration says.

export type LogKind = 'logger' | 'audit';

const SUBSYSTEM: Record<LogKind, string> = { logger: 'logger_webhook', audit: 'audit_webhook' };

/** The enabled targets of one subsystem, by target name ('_' for the default one). */
export function webhookSettings(config: ServerConfig, kind: LogKind): Map<string, WebhookSettings> {
  const sub = subsystem(SUBSYSTEM[kind])!;
  const names = new Set([DEFAULT_TARGET, ...Object.keys(config[sub.name] ?? {})]);
  const out = new Map<string, WebhookSettings>();
  for (const name of names) {
    const v = effective(config, sub, name);
    if (!v.endpoint || !isEnabled(sub, v)) continue;
    out.set(name, {
      endpoint: v.endpoint,
      authToken: v.auth_token ?? '',
      queueSize: Math.max(1, Number(v.queue_size) || 100_000),
      ...(v.client_cert ? { clientCert: v.client_cert } : {}),
      ...(v.client_key ? { clientKey: v.client_key } : {}),
    });
  }
  return out;
}

const same = (a: WebhookSettings, b: WebhookSettings) => JSON.stringify(a) === JSON.stringify(b);

export class LogTargets {
  private readonly targets: Record<LogKind, Map<string, WebhookTarget>> = {
    logger: new Map(),
    audit: new Map(),
  };

  constructor(
    private readonly log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** Whether any target of this kind runs (the request path skips building entries when not). */
  active(kind: LogKind): boolean {
    return this.targets[kind].size > 0;
  }

  apply(config: ServerConfig): void {
    for (const kind of ['logger', 'audit'] as const) {
      const wanted = webhookSettings(config, kind);
      const running = this.targets[kind];
      for (const [name, target] of running) {
        const next = wanted.get(name);
        if (next && same(next, target.settings)) continue;
        target.close();
        running.delete(name);
      }
      for (const [name, settings] of wanted) {
        if (running.has(name)) continue;
        try {
          running.set(
            name,
            new WebhookTarget(`${SUBSYSTEM[kind]}:${name}`, settings, this.log, this.outbound),
          );
        } catch (err) {
          // An unreadable client certificate: the target cannot run; say so once.
          this.log.error(`${SUBSYSTEM[kind]}:${name}: not started: ${(err as Error).message}`, { err });
        }
      }
    }
  }

  send(kind: LogKind, entry: unknown): void {
    for (const target of this.targets[kind].values()) target.send(entry);
  }

  /** Server info's services.logger / services.audit: one object per target. */
  status(kind: LogKind): Array<Record<string, { status: TargetStatus }>> {
    return [...this.targets[kind]].map(([name, t]) => ({ [name]: { status: t.status } }));
  }

  close(): void {
    for (const kind of ['logger', 'audit'] as const) {
      for (const t of this.targets[kind].values()) t.close();
      this.targets[kind].clear();
    }
  }
}
