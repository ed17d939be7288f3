import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sysPath } from '../../fs/layout.js';
import type { ShardCheck } from './heal-queue.js';

// The heal-on-read queue kept on the set's drives, so that what a read found damaged is still
// healed after a restart, a kill -9 included. MinIO saves its MRF queue to one drive only at
// shutdown (.minio.sys/buckets/.heal/mrf/list.bin); here each change is appended to a journal
// on every drive of the set as it happens (a wiped or failed drive just lacks it), and the
// journal is rewritten with what is pending when it grows past twice that (bounded file).

/** One queued object, as the queue holds it. */
export interface JournalEntry {
  bucket: string;
  key: string;
  deep: boolean;
  check?: ShardCheck;
}

type Line = { op: '+'; e: JournalEntry } | { op: '-'; id: string };

const FORMAT = 1;
/** The journal is rewritten once it holds this many lines more than entries pending. */
const SLACK = 1000;

export const journalId = (e: { bucket: string; key: string }): string => `${e.bucket}/${e.key}`;

/**
 * How long after something is queued the heal-on-read queue starts draining, from
 * STOWAGE_HEAL_QUEUE_DELAY_MS (default: the store's one second). Tests hold the queue with it.
 */
export function healQueueDelay(env: NodeJS.ProcessEnv): { healQueueDelayMs?: number } {
  const raw = env.STOWAGE_HEAL_QUEUE_DELAY_MS;
  if (raw === undefined || raw === '') return {};
  const ms = Number(raw);
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new Error(`STOWAGE_HEAL_QUEUE_DELAY_MS: '${raw}' is not a number of milliseconds`);
  return { healQueueDelayMs: ms };
}

export const journalPath = (drive: string): string => sysPath(drive, 'heal', 'mrf.jsonl');

function replay(text: string, into: Map<string, JournalEntry>): void {
  const lines = text.split('\n');
  // The first line names the format; a journal of another format is not read.
  if ((JSON.parse(lines[0] || '{}') as { format?: number }).format !== FORMAT) return;
  for (const raw of lines.slice(1)) {
    if (raw === '') continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue; // the last line of a journal cut off by a crash
    }
    if (line.op === '+' && typeof line.e?.bucket === 'string' && typeof line.e.key === 'string')
      into.set(journalId(line.e), line.e);
    else if (line.op === '-' && typeof line.id === 'string') into.delete(line.id);
  }
}

export class HealJournal {
  private lines = 0;
  private pending = 0;
  /** Appends and rewrites, one at a time, in order. */
  private writing: Promise<void> = Promise.resolve();
  /** Lines of the append queued and not yet started. */
  private batch: string[] | undefined;

  constructor(
    private readonly drives: readonly string[],
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /**
   * What the drives' journals hold (their union), the journals rewritten to hold just that;
   * changes noted meanwhile are written after it.
   */
  async load(): Promise<JournalEntry[]> {
    let entries: JournalEntry[] = [];
    this.enqueue(async () => {
      const all = new Map<string, JournalEntry>();
      for (const drive of this.drives) {
        const text = await readFile(journalPath(drive), 'utf8').catch(() => '');
        try {
          replay(text, all);
        } catch (err) {
          this.onError(err);
        }
      }
      entries = [...all.values()];
      this.lines += entries.length;
      this.pending += entries.length;
      await this.writeAll(entries);
    });
    await this.writing;
    return entries;
  }

  /** A queued object (or one queued again, its entry replaced). */
  added(e: JournalEntry, pending: number): void {
    this.pending = pending;
    this.append({ op: '+', e });
  }

  /** An object off the queue (healed, or failed: the next read that meets it queues it again). */
  done(id: string, pending: number): void {
    this.pending = pending;
    this.append({ op: '-', id });
  }

  /** Rewrites the journals with what is still pending (at shutdown, or when they grew). */
  compact(entries: readonly JournalEntry[]): Promise<void> {
    return this.rewrite(entries);
  }

  /** Waits for what was written so far. */
  flushed(): Promise<void> {
    return this.writing;
  }

  /**
   * Lines wait in a batch while an earlier write is under way, then go in one append per
   * drive: under load a read's check costs a share of one write, not two appends per drive.
   */
  private append(line: Line): void {
    this.lines++;
    const text = JSON.stringify(line);
    if (this.batch) {
      this.batch.push(text);
      return;
    }
    const batch = [text];
    this.batch = batch;
    this.enqueue(() => {
      if (this.batch === batch) this.batch = undefined;
      const lines = `${batch.join('\n')}\n`;
      return Promise.all(
        this.drives.map((d) => appendFile(journalPath(d), lines).catch(() => undefined)),
      ).then(() => {});
    });
  }

  /** Whether the journal holds so many lines beyond what is pending that it should be rewritten. */
  get oversized(): boolean {
    return this.lines > 2 * this.pending + SLACK;
  }

  private rewrite(entries: readonly JournalEntry[]): Promise<void> {
    // Lines noted from now on go after the rewrite, not into a batch written before it.
    this.batch = undefined;
    this.lines = entries.length;
    this.pending = entries.length;
    this.enqueue(() => this.writeAll(entries));
    return this.writing;
  }

  private writeAll(entries: readonly JournalEntry[]): Promise<void> {
    const text = [
      JSON.stringify({ format: FORMAT }),
      ...entries.map((e) => JSON.stringify({ op: '+', e } satisfies Line)),
      '',
    ].join('\n');
    return Promise.all(
      this.drives.map(async (d) => {
        const file = journalPath(d);
        const tmp = `${file}.tmp`;
        try {
          await mkdir(dirname(file), { recursive: true });
          await writeFile(tmp, text);
          await rename(tmp, file);
        } catch {
          // An offline drive keeps no journal; the others do.
        }
      }),
    ).then(() => {});
  }

  private enqueue(write: () => Promise<void>): void {
    this.writing = this.writing.then(write).catch((err: unknown) => this.onError(err));
  }
}
