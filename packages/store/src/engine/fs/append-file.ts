import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ALIGN, giveAlignedSlot, takeAlignedSlot } from './aligned-slots.js';
import { datasync, open } from './os.js';

// A new file written front to back, durable once finished: how shard files are made.
//
// Where the file system takes it, the file is written with O_DIRECT from an aligned staging
// slot: the bytes go from that slot to the device, not through the page cache. A shard file
// is not read back soon, and filling fresh page-cache pages is what writing cost most here
// (on this virtual machine, buffered writes of new files took about 8 ms of CPU per MiB of
// object at EC 2+2, direct ones about 1 ms). What does not fill a whole ALIGN unit waits in
// the slot for the next append; the last unit is written padded, then the file is cut to
// its size. Without a free slot, or on a file system that refuses O_DIRECT (tmpfs before
// Linux 6.6), the file is written through the page cache, as it would be anyway.

/**
 * The file is flushed every this many bytes while it is written: left to the final
 * fdatasync, 32 MiB of a 64 MiB object's shard stalls its upload for tens of milliseconds
 * at the end; flushed as it goes, the disk works while the body still arrives.
 */
export const FLUSH_EVERY = 1 << 20;

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
const REOPEN = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC;

const roundUp = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

async function writeAll(fh: FileHandle, chunks: readonly Uint8Array[], position: number): Promise<number> {
  let total = 0;
  for (const c of chunks) total += c.length;
  const { bytesWritten } = await fh.writev(chunks as Uint8Array[], position);
  if (bytesWritten !== total) throw new Error('short write');
  return total;
}

export class AppendFile {
  /** Bytes handed to the file system so far (direct: whole units, and the padded tail at finish). */
  private position = 0;
  /** Direct: bytes in the slot not written yet (fewer than ALIGN between appends). */
  private held = 0;
  private unsynced = 0;
  private flushing: Promise<void> | undefined;
  /** Appends run one after another, in call order. */
  private queue: Promise<void> = Promise.resolve();
  /** The first append that failed: every later one, and the finish, fail with it. */
  private failed: { error: unknown } | undefined;

  private constructor(
    readonly path: string,
    private fh: FileHandle,
    private slot: Buffer | undefined,
  ) {}

  /**
   * Creates `path` (it must not exist); direct when a slot is free and the file system
   * allows. `slot` is for tests: staging memory given instead of a pooled slot.
   */
  static async create(path: string, slot: Buffer | undefined = takeAlignedSlot()): Promise<AppendFile> {
    if (slot) {
      try {
        return new AppendFile(path, await open(path, CREATE | constants.O_DIRECT, 0o644), slot);
      } catch (err) {
        giveAlignedSlot(slot);
        if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
        // Refused O_DIRECT: Linux checks it after making the file, so it may exist now.
        return new AppendFile(path, await open(path, REOPEN, 0o644), undefined);
      }
    }
    return new AppendFile(path, await open(path, CREATE, 0o644), undefined);
  }

  /** Staged for O_DIRECT, whether or not the file system then refused a write (tests). */
  get direct(): boolean {
    return this.slot !== undefined;
  }

  /** Appends the chunks, in order after every earlier append. */
  append(chunks: readonly Uint8Array[]): Promise<void> {
    const run = this.queue.then(() => {
      if (this.failed) throw this.failed.error;
      return this.slot ? this.stage(chunks) : this.writeThrough(chunks);
    });
    this.queue = run.catch((error: unknown) => {
      this.failed ??= { error };
    });
    return run;
  }

  /** Writes what is held, makes data and size durable, and closes the file. */
  async finish(): Promise<void> {
    try {
      await this.append([]);
      if (this.slot && this.held > 0) await this.writeTail();
      await this.flushing;
      await datasync(this.fh, this.path);
    } finally {
      await this.close();
    }
  }

  /** Closes the file, durable or not (after a failure: the caller removes it). */
  async close(): Promise<void> {
    await this.queue;
    await this.fh.close().catch(() => {});
    this.release();
  }

  private release(): void {
    if (this.slot) giveAlignedSlot(this.slot);
    this.slot = undefined;
  }

  private async writeThrough(chunks: readonly Uint8Array[]): Promise<void> {
    if (chunks.length === 0) return;
    const n = await writeAll(this.fh, chunks, this.position);
    this.position += n;
    await this.wrote(n);
  }

  /** Copies the chunks into the slot, writing every whole unit as the slot fills. */
  private async stage(chunks: readonly Uint8Array[]): Promise<void> {
    for (const chunk of chunks) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(chunk.length - at, this.slot!.length - this.held);
        this.slot!.set(chunk.subarray(at, at + n), this.held);
        this.held += n;
        at += n;
        if (this.held === this.slot!.length) await this.writeUnits();
      }
    }
    await this.writeUnits();
  }

  /** Writes the slot's whole units and keeps the rest at its start. */
  private async writeUnits(): Promise<void> {
    const n = this.held - (this.held % ALIGN);
    if (n === 0) return;
    await this.writeDirect(n);
    this.slot!.copyWithin(0, n, this.held);
    this.held -= n;
    this.position += n;
    await this.wrote(n);
  }

  /** The last, partial unit: written padded with zeros, then the file cut to its length. */
  private async writeTail(): Promise<void> {
    const size = this.position + this.held;
    const padded = roundUp(this.held);
    this.slot!.fill(0, this.held, padded);
    await this.writeDirect(padded);
    this.held = 0;
    this.position = size;
    await this.fh.truncate(size);
  }

  /**
   * Writes the slot's first n bytes at the current position. A file system can still refuse
   * a direct write (EINVAL): the file then goes on through the page cache.
   */
  private async writeDirect(n: number): Promise<void> {
    try {
      await writeAll(this.fh, [this.slot!.subarray(0, n)], this.position);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
      const buffered = await open(this.path, constants.O_WRONLY, 0o644);
      await this.flushing; // a flush of the old descriptor finishes before it closes
      await this.fh.close().catch(() => {});
      this.fh = buffered;
      await writeAll(this.fh, [this.slot!.subarray(0, n)], this.position);
    }
  }

  /** One flush at a time; its failure fails the next append or the finish. */
  private async wrote(n: number): Promise<void> {
    this.unsynced += n;
    if (this.unsynced < FLUSH_EVERY) return;
    this.unsynced = 0;
    await this.flushing;
    const flushing = datasync(this.fh, this.path);
    flushing.catch(() => {});
    this.flushing = flushing;
  }
}
