import { Readable } from 'node:stream';
import { MultipartError, malformed } from './errors.js';
import { type PartHead, parseHead } from './head.js';

// A streaming multipart/form-data reader (RFC 2046 framing, RFC 7578 parts). A delimiter is
// CRLF `--boundary` followed by `--` (the close), or by transport padding and CRLF: the same
// bytes followed by anything else are content, as Go's mime/multipart (MinIO) reads them.
// Fields are read whole, within their limit; a file's bytes stream with backpressure and
// are never held beyond one source chunk plus a possible delimiter.

export interface MultipartLimits {
  /** Bytes before the first file's content (preamble, fields, heads): all held in memory. */
  preFileBytes?: number;
  /** Bytes of one field's value. */
  fieldBytes?: number;
  /** Bytes of one part's head (its header lines). */
  headerBytes?: number;
  /** Field parts in the body. */
  fields?: number;
  /** File parts in the body. */
  files?: number;
}

export interface MultipartOptions {
  boundary: string;
  limits?: MultipartLimits;
  /** Which parts are files; by default those whose disposition has a filename (as browsers send). */
  isFile?: (head: PartHead) => boolean;
}

export interface FieldPart extends PartHead {
  type: 'field';
  value: string;
}

export interface FilePart extends PartHead {
  type: 'file';
  filename: string;
  /** The bytes; read them (or not) before asking for the next part, which skips what is left. */
  body: Readable;
  /** Where the bytes start in the source stream. */
  offset: number;
}

export type Part = FieldPart | FilePart;

const DEFAULTS: Required<MultipartLimits> = {
  preFileBytes: Number.POSITIVE_INFINITY,
  fieldBytes: 1024 * 1024,
  headerBytes: 16 * 1024,
  fields: 1000,
  files: Number.POSITIVE_INFINITY,
};

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const isPadding = (c: number | undefined) => c === 0x20 || c === 0x09;

type State = 'preamble' | 'delimiter' | 'body' | 'done';

export class MultipartReader {
  readonly #source: AsyncIterator<Buffer>;
  readonly #delimiter: Buffer;
  readonly #limits: Required<MultipartLimits>;
  readonly #isFile: (head: PartHead) => boolean;
  // The first delimiter has no leading CRLF; pretend it had, to find every one the same way.
  #buf: Buffer = Buffer.from('\r\n');
  /** Bytes of the source before #buf[0]. */
  #position = -2;
  #ended = false;
  #state: State = 'preamble';
  #fileSeen = false;
  #fields = 0;
  #files = 0;
  #body: Readable | undefined;
  /** The current file's pending reads of the source (none run once it is settled). */
  #pumping: Promise<void> = Promise.resolve();
  /** Set while next() drops the rest of a file: the file's stream then reads no more. */
  #skipping = false;
  #failure: unknown;

  constructor(source: AsyncIterable<Buffer>, options: MultipartOptions) {
    this.#source = source[Symbol.asyncIterator]();
    this.#delimiter = Buffer.from(`\r\n--${options.boundary}`);
    this.#limits = { ...DEFAULTS, ...options.limits };
    this.#isFile = options.isFile ?? ((head) => head.filename !== undefined);
  }

  /** The next part, or undefined after the closing delimiter; after a refusal, that refusal. */
  async next(): Promise<Part | undefined> {
    try {
      return await this.#next();
    } catch (err) {
      this.#failure ??= err;
      this.#state = 'done';
      throw err;
    }
  }

  async #next(): Promise<Part | undefined> {
    if (this.#state === 'body') await this.#skipBody();
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#state === 'preamble') await this.#skipPreamble();
    if (this.#state === 'done') return undefined;
    const head = await this.#readHead();
    if (head === undefined) {
      this.#state = 'done';
      return undefined;
    }
    if (this.#isFile(head)) {
      if (++this.#files > this.#limits.files)
        throw new MultipartError('TooManyParts', `more than ${this.#limits.files} files`, 'files');
      this.#fileSeen = true;
      this.#state = 'body';
      return {
        ...head,
        type: 'file',
        filename: head.filename ?? '',
        offset: this.#position,
        body: this.#open(),
      };
    }
    if (++this.#fields > this.#limits.fields)
      throw new MultipartError('TooManyParts', `more than ${this.#limits.fields} fields`, 'fields');
    return { ...head, type: 'field', value: (await this.#readField()).toString('utf8') };
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Part> {
    for (let part = await this.next(); part; part = await this.next()) yield part;
  }

  /**
   * Reads and drops the rest of the source, unparsed (an epilogue, parts nobody wants),
   * up to `maxBytes`; true when the source ended within them.
   */
  async drain(maxBytes = Number.POSITIVE_INFINITY): Promise<boolean> {
    // A file's stream still reading the source finishes its read first, then reads no more.
    this.#skipping = true;
    await this.#pumping;
    this.#state = 'done';
    let seen = this.#buf.length;
    this.#buf = Buffer.alloc(0);
    while (!this.#ended) {
      if (seen > maxBytes) return false;
      const next = await this.#source.next();
      if (next.done) this.#ended = true;
      else seen += next.value.length;
    }
    return true;
  }

  /** Reads one more source chunk into #buf; false at its end. */
  async #fill(): Promise<boolean> {
    // Everything before the first file is held in memory, so all of it is bounded.
    if (!this.#fileSeen && this.#position + this.#buf.length > this.#limits.preFileBytes)
      throw this.#preFile();
    if (this.#ended) return false;
    const next = await this.#source.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    this.#buf = this.#buf.length === 0 ? next.value : Buffer.concat([this.#buf, next.value]);
    return true;
  }

  #take(n: number): Buffer {
    const out = this.#buf.subarray(0, n);
    this.#buf = this.#buf.subarray(n);
    this.#position += n;
    // A chunk read whole may hold more than the bound: counted as bytes are taken.
    if (!this.#fileSeen && this.#position > this.#limits.preFileBytes) throw this.#preFile();
    return out;
  }

  #preFile() {
    const limit = this.#limits.preFileBytes;
    return new MultipartError('TooLarge', `more than ${limit} bytes before the file`, 'preFileBytes');
  }

  /**
   * Where the next delimiter starts in #buf: a match followed by `--`, CRLF or padding.
   * `sure` is false while #buf ends before the bytes that decide it (and more may come).
   */
  #findDelimiter(): { at: number; sure: boolean } | undefined {
    const buf = this.#buf;
    for (let from = 0; ; ) {
      const at = buf.indexOf(this.#delimiter, from);
      if (at < 0) return undefined;
      const after = at + this.#delimiter.length;
      if (buf.length < after + 2) return { at, sure: this.#ended };
      const [a, b] = [buf[after], buf[after + 1]];
      if ((a === DASH && b === DASH) || (a === CR && b === LF) || isPadding(a)) return { at, sure: true };
      from = at + 1;
    }
  }

  /**
   * Where a tail of #buf that could begin a delimiter starts (#buf.length when none): only
   * that tail waits for the next chunk, so most chunks pass on without a copy.
   */
  #partialDelimiterAt(): number {
    const buf = this.#buf;
    const delimiter = this.#delimiter;
    for (let at = buf.indexOf(CR, Math.max(0, buf.length - (delimiter.length - 1))); at >= 0; ) {
      if (buf.subarray(at).equals(delimiter.subarray(0, buf.length - at))) return at;
      at = buf.indexOf(CR, at + 1);
    }
    return buf.length;
  }

  /** Drops what precedes the first delimiter (RFC 2046 preamble). */
  async #skipPreamble(): Promise<void> {
    for (;;) {
      const d = this.#findDelimiter();
      if (d?.sure) {
        this.#take(d.at);
        this.#state = 'delimiter';
        return;
      }
      this.#take(d ? d.at : this.#partialDelimiterAt());
      if (!(await this.#fill())) throw malformed('no multipart boundary in the body');
    }
  }

  /** At a delimiter: reads it and the part's head; undefined at the closing delimiter. */
  async #readHead(): Promise<PartHead | undefined> {
    const skip = this.#delimiter.length;
    for (;;) {
      const buf = this.#buf;
      if (buf.length >= skip + 2) {
        if (buf[skip] === DASH && buf[skip + 1] === DASH) return undefined;
        let lineEnd = skip;
        while (isPadding(buf[lineEnd])) lineEnd++;
        if (lineEnd + 2 <= buf.length) {
          if (buf[lineEnd] !== CR || buf[lineEnd + 1] !== LF)
            throw malformed('a delimiter line with text after it');
          const headEnd = buf.indexOf('\r\n\r\n', lineEnd);
          if (headEnd >= 0) {
            if (headEnd - lineEnd > this.#limits.headerBytes) throw this.#headTooLarge();
            return parseHead(this.#take(headEnd + 4).toString('utf8', lineEnd + 2, headEnd + 2));
          }
          if (buf.length - lineEnd > this.#limits.headerBytes + 4) throw this.#headTooLarge();
        }
      }
      if (!(await this.#fill())) throw malformed('a part head is not terminated');
    }
  }

  #headTooLarge() {
    const limit = this.#limits.headerBytes;
    return new MultipartError('TooLarge', `a part head over ${limit} bytes`, 'headerBytes');
  }

  async #readField(): Promise<Buffer> {
    const limit = this.#limits.fieldBytes;
    const tooLarge = () => new MultipartError('TooLarge', `a field over ${limit} bytes`, 'fieldBytes');
    for (;;) {
      const d = this.#findDelimiter();
      if (d?.sure) {
        if (d.at > limit) throw tooLarge();
        return this.#take(d.at);
      }
      if (this.#buf.length > limit + this.#delimiter.length + 2) throw tooLarge();
      if (!(await this.#fill())) throw malformed('a field is not terminated');
    }
  }

  /** The next run of file bytes, or undefined at the file's delimiter. */
  async #bodyChunk(): Promise<Buffer | undefined> {
    for (;;) {
      const d = this.#findDelimiter();
      if (d?.sure) {
        if (d.at > 0) return this.#take(d.at);
        this.#state = 'delimiter';
        return undefined;
      }
      // Held back: a possible delimiter, or a tail that could begin one split across chunks.
      const hold = d ? d.at : this.#partialDelimiterAt();
      if (hold > 0) return this.#take(hold);
      if (!(await this.#fill())) throw malformed('the file part is not terminated');
    }
  }

  /** The current file's bytes as a stream that reads the source only as fast as it is read. */
  #open(): Readable {
    let running = false;
    let again = false;
    const pump = async (stream: Readable): Promise<void> => {
      try {
        for (;;) {
          const chunk = await this.#bodyChunk();
          if (chunk === undefined) {
            stream.push(null);
            return;
          }
          if (!stream.push(chunk) || stream.destroyed) return;
        }
      } catch (err) {
        this.#failure = err;
        this.#state = 'done';
        stream.destroy(err as Error);
      }
    };
    const reader = this;
    const stream = new Readable({
      read() {
        // One pump at a time; a read asked for meanwhile runs another round after it.
        if (running || reader.#skipping || reader.#state !== 'body') {
          again = true;
          return;
        }
        running = true;
        reader.#pumping = (async () => {
          do {
            again = false;
            await pump(this);
          } while (again && reader.#state === 'body' && !this.destroyed);
          running = false;
        })();
      },
    });
    this.#body = stream;
    this.#skipping = false;
    return stream;
  }

  /** Before the next part: what the consumer left of the current file is read and dropped. */
  async #skipBody(): Promise<void> {
    const body = this.#body;
    this.#skipping = true;
    await this.#pumping;
    while (this.#state === 'body') {
      try {
        if ((await this.#bodyChunk()) === undefined) break;
      } catch (err) {
        this.#failure = err;
        this.#state = 'done';
        body?.destroy(err as Error);
        return;
      }
    }
    // The consumer stopped reading: its stream ends where the file did.
    if (body && !body.destroyed && !body.readableEnded) body.push(null);
  }
}
