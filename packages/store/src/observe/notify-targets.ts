import type { ServerConfig } from '../config/kv.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import type { Logger } from './logger.js';
import { wantedTargets } from './notify-settings.js';
import type { QueuedTarget, TargetStatus } from './queued-target.js';

// The notify_* targets that bucket events are delivered to, named as their ARNs name them
// (`<id>:<type>`). `apply` runs after every configuration change and starts, keeps or stops
// targets so that what runs is what the configuration says (notify-settings.ts). Events for
// a target that is not running (it could not start) are dropped, logged once per target.

export class NotificationTargets {
  private readonly running = new Map<string, { settings: string; target: QueuedTarget<EventLog> }>();
  private readonly warned = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly log: Logger,
    /** Where targets may connect (STOWAGE_OUTBOUND_ALLOW). */
    readonly outbound: OutboundPolicy,
  ) {}

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
        this.running.set(name, {
          settings: JSON.stringify(want.settings),
          target: want.start(this.log, this.outbound),
        });
      } catch (err) {
        // An unreadable client certificate: the target cannot run; say so once.
        this.log.error(`notification target ${name}: not started: ${(err as Error).message}`, { err });
      }
    }
    for (const listener of this.listeners) listener();
  }

  /** Queues one event log for a target; false when no such target delivers. */
  send(target: string, log: EventLog): boolean {
    const running = this.running.get(target);
    if (running) return running.target.send(log);
    if (!this.warned.has(target)) {
      this.warned.add(target);
      this.log.warn(`notification target ${target}: events cannot be delivered to this target type; dropped`);
    }
    return false;
  }

  /** A running target's status as its last delivery showed it; undefined before any. */
  status(target: string): TargetStatus | undefined {
    return this.running.get(target)?.target.observedStatus;
  }

  close(): void {
    for (const t of this.running.values()) t.target.close();
    this.running.clear();
    this.listeners.clear();
  }
}
