import { randomUUID } from 'node:crypto';
import type { ObjectInfo } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import type { Logger } from '../../observe/logger.js';
import { remoteOf } from './transitioned.js';

// Tier copies of versions removed here (MinIO's tier journal, cmd/tier-journal.go): each
// removal is written down first, one system document per copy, and a worker deletes the
// copies from their tiers, retrying with backoff while a tier is down. What a run left is
// swept at the next start, so a copy is never forgotten, whatever stops the store.

/** One tier copy to delete; `v` is the shape of the document. */
export interface TierDeletion {
  v: 1;
  id: string;
  tier: string;
  /** The copy's name on the tier. */
  object: string;
  /** The version it held, for the log. */
  bucket: string;
  key: string;
  versionId: string;
  queuedAt: string;
  /** Failed deletes so far, and why the last one failed. */
  attempts: number;
  reason?: string;
}

export interface JournalTimers {
  now(): number;
  /** Runs `run` after `ms`; the answer cancels it. */
  later(ms: number, run: () => void): () => void;
}

const realTimers: JournalTimers = {
  now: () => Date.now(),
  later(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export const TIER_JOURNAL_FOLDER = 'ilm/tier-journal';
const DEFAULT_RETRY = { baseMs: 1000, maxMs: 5 * 60_000 };
/** Failures logged as errors: the first, then every this many (a tier down for long is not a log flood). */
const LOG_EVERY = 10;

export interface TierJournalDeps {
  system: SystemStore;
  /** Deletes a copy from its tier (done when the tier no longer has it). */
  remove: (tier: string, object: string) => Promise<void>;
  log: Logger;
  /** The time and the worker's timer (injectable: the backoff's tests move time themselves). */
  timers?: JournalTimers;
  retry?: { baseMs: number; maxMs: number };
}

export class TierJournal {
  private readonly timers: JournalTimers;
  private readonly retry: { baseMs: number; maxMs: number };
  private queue: { entry: TierDeletion; due: number }[] = [];
  private running: Promise<void> | undefined;
  private cancelTimer: (() => void) | undefined;
  private started = false;
  private stopped = false;

  constructor(private readonly deps: TierJournalDeps) {
    this.timers = deps.timers ?? realTimers;
    this.retry = deps.retry ?? DEFAULT_RETRY;
  }

  /**
   * Writes down the tier copies of removed versions (those that have one), then queues them.
   * Resolves once they are written down.
   */
  async add(removed: readonly ObjectInfo[]): Promise<void> {
    for (const info of removed) {
      const remote = remoteOf(info);
      if (!remote) continue;
      const entry: TierDeletion = {
        v: 1,
        id: randomUUID(),
        tier: remote.tier,
        object: remote.object,
        bucket: info.bucket,
        key: info.key,
        versionId: info.versionId,
        queuedAt: new Date(this.timers.now()).toISOString(),
        attempts: 0,
      };
      await this.deps.system.write(this.path(entry), entry);
      this.queue.push({ entry, due: this.timers.now() });
    }
    this.pump();
  }

  /** The sweep at start: every copy a previous run left is deleted (again) now. */
  async start(): Promise<void> {
    for (const name of await this.deps.system.list(TIER_JOURNAL_FOLDER)) {
      const entry = (await this.deps.system.read(`${TIER_JOURNAL_FOLDER}/${name}`).catch(() => undefined)) as
        | TierDeletion
        | undefined;
      if (entry?.v !== 1 || typeof entry.tier !== 'string' || typeof entry.object !== 'string') {
        this.deps.log.warn(`tier journal: ${name} has an unknown shape; left as it is`);
        continue;
      }
      if (!this.queue.some((q) => q.entry.id === entry.id))
        this.queue.push({ entry, due: this.timers.now() });
    }
    this.started = true;
    this.pump();
  }

  /** Copies still to delete. */
  pending(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Copies whose tier refused, waiting for their next try. */
  retrying(): number {
    return this.queue.filter((q) => q.entry.attempts > 0).length;
  }

  /** Stops the worker after the delete under way; what is left stays written down. */
  async close(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    await this.running;
  }

  private path(entry: TierDeletion): string {
    return `${TIER_JOURNAL_FOLDER}/${entry.id}.json`;
  }

  /** One delete at a time, the earliest due first; a timer for the next one not yet due. */
  private pump(): void {
    if (!this.started || this.stopped || this.running) return;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.queue.sort((a, b) => a.due - b.due);
    const first = this.queue[0];
    if (!first) return;
    const wait = first.due - this.timers.now();
    if (wait > 0) {
      this.cancelTimer = this.timers.later(wait, () => this.pump());
      return;
    }
    this.queue.shift();
    // Queued again (on failure) and the next try timed in one go: never a moment between.
    this.running = this.run(first.entry)
      .then((retryAt) => {
        if (retryAt !== undefined) this.queue.push({ entry: first.entry, due: retryAt });
      })
      .finally(() => {
        this.running = undefined;
        this.pump();
      });
  }

  /** Deletes the copy; when the tier refuses, when to try again. */
  private async run(entry: TierDeletion): Promise<number | undefined> {
    try {
      await this.deps.remove(entry.tier, entry.object);
    } catch (err) {
      entry.attempts++;
      entry.reason = err instanceof Error ? err.message : String(err);
      if (entry.attempts % LOG_EVERY === 1)
        this.deps.log.error(
          `tier journal: the copy of ${entry.bucket}/${entry.key} (${entry.versionId}) on tier ${entry.tier} stays for now (attempt ${entry.attempts}): ${entry.reason}`,
        );
      await this.deps.system.write(this.path(entry), entry).catch(() => {});
      return this.timers.now() + Math.min(this.retry.maxMs, this.retry.baseMs * 2 ** (entry.attempts - 1));
    }
    await this.deps.system
      .remove(this.path(entry))
      .catch((err: unknown) =>
        this.deps.log.warn(`tier journal: ${entry.id} stays written down: ${String(err)}`),
      );
  }
}
