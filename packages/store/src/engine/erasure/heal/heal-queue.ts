/**
 * Objects a read, a write or a scan found with missing or corrupt shards or records (MinIO's
 * MRF / heal-on-read queue), and versions a read served without checking all their shards.
 * With a delay set, the queue drains itself in the background that long after something is
 * queued, a few objects at a time; otherwise drain() (the admin heal, tests) does it.
 * It is bounded: past `max` entries new ones are dropped and counted (the scanner and the
 * admin heal still find them).
 */

import { type HealJournal, journalId } from './heal-journal.js';

/** Shards a read did not check: a version's data folder, and the drives holding them. */
export interface ShardCheck {
  dataId: string;
  drives: number[];
}

export interface HealWork {
  /** Heals one object (deep: reads and checks every shard); how many bytes it rewrote a copy of. */
  heal(bucket: string, key: string, deep: boolean): Promise<{ bytes: number }>;
  /** Whether the shards named are whole (a corrupt or missing one makes the object a deep heal). */
  verify(bucket: string, key: string, check: ShardCheck): Promise<boolean>;
}

export interface HealQueueOptions {
  delayMs?: number;
  /** Entries held at most (MinIO's MRF holds 100000). */
  max?: number;
  /** Objects healed at once. */
  concurrency?: number;
  /** A version checked this recently is not checked again on its next read. */
  recheckMs?: number;
  now?: () => number;
  /** Where the queue is kept across restarts (resume() reads it back). */
  journal?: HealJournal;
}

/** The queue's figures since the store started (BgHealState's MRF entry, plus ours). */
export interface HealQueueStats {
  started: Date;
  /** Objects taken into the queue. */
  totalItems: number;
  /** Their stored bytes, where the one queuing knew them. */
  totalBytes: number;
  /** Heals that finished, and the bytes of the objects they rewrote shards of. */
  itemsHealed: number;
  bytesHealed: number;
  itemsFailed: number;
  /** Turned away because the queue was full. */
  itemsDropped: number;
  /** Versions a read served whose other shards were checked in the background. */
  itemsVerified: number;
  /** Waiting or being healed now. */
  pending: number;
}

interface Entry {
  bucket: string;
  key: string;
  deep: boolean;
  /** Only a check of these shards (a heal when one is bad); absent: a heal. */
  check?: ShardCheck;
}

const DEFAULT_MAX = 100_000;
const DEFAULT_RECHECK_MS = 10 * 60 * 1000;
/** Versions remembered as checked; the oldest are forgotten past this. */
const CHECKED_MEMORY = 10_000;

export class HealQueue implements Iterable<string> {
  private readonly entries = new Map<string, Entry>();
  private readonly checked = new Map<string, number>();
  private readonly stats: HealQueueStats;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private active = 0;
  private closed = false;
  private readonly max: number;
  private readonly concurrency: number;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly work: HealWork,
    private readonly opts: HealQueueOptions = {},
  ) {
    this.max = opts.max ?? DEFAULT_MAX;
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
    this.recheckMs = opts.recheckMs ?? DEFAULT_RECHECK_MS;
    this.now = opts.now ?? Date.now;
    this.stats = {
      started: new Date(this.now()),
      totalItems: 0,
      totalBytes: 0,
      itemsHealed: 0,
      bytesHealed: 0,
      itemsFailed: 0,
      itemsDropped: 0,
      itemsVerified: 0,
      pending: 0,
    };
  }

  /** Objects waiting (heals and checks). */
  get size(): number {
    return this.entries.size;
  }

  [Symbol.iterator](): Iterator<string> {
    return [...this.entries.values()]
      .filter((e) => !e.check)
      .map((e) => `${e.bucket}/${e.key}`)
      [Symbol.iterator]();
  }

  snapshot(): HealQueueStats {
    return { ...this.stats, pending: this.entries.size + this.active };
  }

  /** Queues a heal of the object (deep: every shard read and checked); a check already queued becomes one. */
  add(bucket: string, key: string, deep = false, bytes = 0): void {
    const id = `${bucket}/${key}`;
    const held = this.entries.get(id);
    if (held) {
      held.deep ||= deep;
      delete held.check;
      this.opts.journal?.added(held, this.pendingCount());
      return;
    }
    this.take(id, { bucket, key, deep }, bytes);
  }

  /** Queues a background check of shards a read did not check, unless checked lately. */
  /**
   * A read's check of the shards it did not use, unless the version was checked lately.
   * `checkNow` does it on the reader's thread (shards held inline in the records it read):
   * no queue entry, no journal line and no second read; a bad shard queues a deep heal.
   */
  verify(bucket: string, key: string, check: ShardCheck, bytes = 0, checkNow?: () => boolean): void {
    if (check.drives.length === 0) return;
    const id = `${bucket}/${key}`;
    const seen = `${id}\0${check.dataId}`;
    const at = this.checked.get(seen);
    if ((at !== undefined && this.now() - at < this.recheckMs) || this.entries.has(id)) return;
    this.checked.delete(seen);
    this.checked.set(seen, this.now());
    if (this.checked.size > CHECKED_MEMORY) this.checked.delete(this.checked.keys().next().value!);
    if (checkNow) {
      this.stats.itemsVerified++;
      if (!checkNow()) this.add(bucket, key, true, bytes);
    } else this.take(id, { bucket, key, deep: false, check }, bytes);
  }

  private pendingCount(): number {
    return this.entries.size + this.active;
  }

  /** Queues what the journal kept from an earlier run (a restart, a crash). */
  async resume(): Promise<number> {
    const kept = (await this.opts.journal?.load()) ?? [];
    for (const e of kept) this.take(journalId(e), e, 0, false);
    return kept.length;
  }

  private take(id: string, entry: Entry, bytes: number, journal = true): void {
    if (this.closed) return;
    if (this.entries.size >= this.max) {
      this.stats.itemsDropped++;
      return;
    }
    this.entries.set(id, entry);
    if (journal) this.opts.journal?.added(entry, this.pendingCount());
    this.stats.totalItems++;
    this.stats.totalBytes += bytes;
    this.schedule();
  }

  delete(bucket: string, key: string): void {
    const id = `${bucket}/${key}`;
    // A check is not a heal: an admin heal of the object does not answer it.
    if (!this.entries.get(id)?.check && this.entries.delete(id)) {
      this.stats.itemsHealed++;
      this.opts.journal?.done(id, this.pendingCount());
    }
  }

  /** Heals everything queued so far, `concurrency` objects at a time; returns how many were tried. */
  async drain(): Promise<number> {
    // Taken off first: one that still fails is queued again by the next read that sees it.
    const batch = [...this.entries.values()];
    this.entries.clear();
    this.active += batch.length;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const entry = batch[next++]!;
        const id = journalId(entry);
        try {
          // Closing: what is not healed yet stays queued (and journaled) for the next start.
          if (this.closed) {
            if (!this.entries.has(id)) this.entries.set(id, entry);
          } else {
            await this.run(entry);
            // Queued again meanwhile: that newer entry stays in the journal.
            if (!this.entries.has(id)) this.opts.journal?.done(id, this.pendingCount() - 1);
          }
        } finally {
          this.active--;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, batch.length) }, worker));
    const journal = this.opts.journal;
    if (journal?.oversized && !this.closed) await journal.compact([...this.entries.values()]);
    return batch.length;
  }

  private async run(e: Entry): Promise<void> {
    try {
      if (e.check) {
        this.stats.itemsVerified++;
        if (await this.work.verify(e.bucket, e.key, e.check)) {
          this.stats.itemsHealed++;
          return;
        }
      }
      const { bytes } = await this.work.heal(e.bucket, e.key, e.deep || e.check !== undefined);
      this.stats.itemsHealed++;
      this.stats.bytesHealed += bytes;
    } catch {
      this.stats.itemsFailed++;
    }
  }

  private schedule(): void {
    if (this.opts.delayMs === undefined || this.closed || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.entries.size > 0) this.schedule();
      });
    }, this.opts.delayMs);
    this.timer.unref();
  }

  /** Stops background healing and waits for the objects being healed. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
    // As MinIO saves its MRF queue at shutdown: the journal holds just what is pending.
    await this.opts.journal?.compact([...this.entries.values()]);
  }
}

/** The figures of several queues (one per erasure set) as one. */
export function mergeHealStats(all: readonly HealQueueStats[]): HealQueueStats {
  const total = (pick: (s: HealQueueStats) => number) => all.reduce((n, s) => n + pick(s), 0);
  return {
    started: new Date(Math.min(...all.map((s) => s.started.getTime()))),
    totalItems: total((s) => s.totalItems),
    totalBytes: total((s) => s.totalBytes),
    itemsHealed: total((s) => s.itemsHealed),
    bytesHealed: total((s) => s.bytesHealed),
    itemsFailed: total((s) => s.itemsFailed),
    itemsDropped: total((s) => s.itemsDropped),
    itemsVerified: total((s) => s.itemsVerified),
    pending: total((s) => s.pending),
  };
}
