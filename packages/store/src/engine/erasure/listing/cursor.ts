import type { Database } from 'lmdb';
import { bucketRange, entryKey } from '../../fs/drive-index.js';
import type { NameCursor } from '../../listing.js';
import type { DriveAnswer } from '../quorum.js';

// Walks one bucket's entries on every drive at once, in key order: a k-way merge of LMDB
// range reads that yields each name with what each drive holds for it. Quorum is the
// caller's business (versions.ts); a seek restarts the ranges, which is how a listing
// jumps over a common prefix without reading it.

type RangeIterator = Iterator<{ key: Buffer; value: Buffer }>;

interface Head {
  it: RangeIterator;
  entry?: { key: Buffer; value: Buffer };
}

export class MergedCursor<T> implements NameCursor<DriveAnswer<T>[]> {
  private heads: (Head | undefined)[] = [];
  private readonly bucketEnd: Buffer;

  /** `dbs[i]` undefined: drive i is offline, and answers 'offline' for every name. */
  constructor(
    private readonly dbs: readonly (Database<Buffer, Buffer> | undefined)[],
    private readonly bucket: string,
    private readonly decode: (bytes: Buffer) => T,
  ) {
    this.bucketEnd = bucketRange(bucket).end;
  }

  seek(from: Buffer): void {
    this.close();
    const start = Buffer.concat([entryKey(this.bucket, ''), from]);
    this.heads = this.dbs.map((db) => {
      if (!db) return undefined;
      const it = db.getRange({ start, end: this.bucketEnd })[Symbol.iterator]() as RangeIterator;
      const head: Head = { it };
      this.advance(head);
      return head;
    });
  }

  private advance(head: Head): void {
    const r = head.it.next();
    head.entry = r.done ? undefined : { key: r.value.key, value: r.value.value };
  }

  next(): { name: string; value: DriveAnswer<T>[] } | undefined {
    let min: Buffer | undefined;
    for (const h of this.heads)
      if (h?.entry && (!min || Buffer.compare(h.entry.key, min) < 0)) min = h.entry.key;
    if (!min) return undefined;
    // LMDB may reuse an iterator's buffers on its next step: copy before advancing.
    const key = Buffer.from(min);
    const answers = this.heads.map((h): DriveAnswer<T> => {
      if (!h) return 'offline';
      if (!h.entry?.key.equals(key)) return 'absent';
      let answer: DriveAnswer<T>;
      try {
        answer = { value: this.decode(h.entry.value) };
      } catch {
        answer = 'error';
      }
      this.advance(h);
      return answer;
    });
    const name = key.subarray(Buffer.byteLength(this.bucket) + 1).toString('utf8');
    return { name, value: answers };
  }

  /** Releases the LMDB read cursors (call when the walk ends early). */
  close(): void {
    for (const h of this.heads) h?.it.return?.();
    this.heads = [];
  }
}
