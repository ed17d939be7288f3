import { Writable } from 'node:stream';

// A pod log can be gigabytes: the console streams it and keeps only its end, so one request
// never holds more than `limit` bytes however long the container has been writing.

/** The end of a pod log the console shows: 4 MiB, tens of thousands of lines. */
export const POD_LOG_TAIL_BYTES = 4 * 1024 * 1024;

/** A sink that keeps the last `limit` bytes written to it. */
export class LogTail extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private cut = false;

  constructor(private readonly limit = POD_LOG_TAIL_BYTES) {
    super();
    // pipe() does not pass a source's failure on: a log cut off halfway must fail the read, not
    // leave it waiting for an end that never comes.
    this.on('pipe', (source: NodeJS.ReadableStream) => {
      source.once('error', (err: Error) => this.destroy(err));
    });
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.chunks.push(buffer);
    this.size += buffer.length;
    while (this.size > this.limit && this.chunks.length > 0) {
      const first = this.chunks[0] as Buffer;
      const excess = this.size - this.limit;
      this.cut = true;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
      }
    }
    done();
  }

  /** Whether the start of the log was dropped. */
  get truncated(): boolean {
    return this.cut;
  }

  /** The kept text; after a cut it starts at a whole line, so no half line leads the view. */
  text(): string {
    const kept = Buffer.concat(this.chunks);
    if (!this.cut) return kept.toString('utf8');
    const newline = kept.indexOf(0x0a);
    return kept.subarray(newline < 0 ? kept.length : newline + 1).toString('utf8');
  }
}
