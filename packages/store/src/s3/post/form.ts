import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { passThrough } from '../../http/body.js';
import { ApiError } from '../../wire/errors.js';

// multipart/form-data for browser POST uploads. The fields before `file` are small and read
// whole; the file streams straight on to the engine up to its closing delimiter. Fields after
// the file are ignored, as S3 ignores them (AWS's own example form ends with a submit
// button), and so is an epilogue. A delimiter is CRLF, `--boundary`, then `--`, CRLF or
// transport padding (RFC 2046): the same bytes followed by anything else are content.

const MAX_FIELDS_BYTES = 64 * 1024;

export interface PostForm {
  /** Field names lower-cased (S3 matches them case-insensitively). */
  fields: Map<string, string>;
  /** Names the form gives more than once (`fields` keeps the last value). */
  repeated: Set<string>;
  /** The file's bytes stream; its size is known once they end, at most `maxSize`. */
  file: { filename: string; body: Readable; maxSize: number };
  /** After a refusal: reads and drops what is left so the error goes out on a live connection. */
  discard(): Promise<void>;
}

const MAX_DISCARD_BYTES = 8 * 1024 * 1024;

/** Drains the request; a large remainder is left unread (the connection then closes). */
async function drain(source: AsyncIterator<Buffer>): Promise<void> {
  let seen = 0;
  for (;;) {
    const next = await source.next().catch(() => ({ done: true as const, value: undefined }));
    if (next.done) return;
    seen += next.value.length;
    // Too much to read just to throw away: the answer goes out now and the connection
    // closes after it (settleBody), instead of a reset the client would get with no answer.
    if (seen > MAX_DISCARD_BYTES) return;
  }
}

const malformed = (detail?: string) =>
  new ApiError('MalformedPOSTRequest', detail ? `${ERROR_TEXT} (${detail})` : undefined);
const ERROR_TEXT = 'The body of your POST request is not well-formed multipart/form-data.';
const tooLarge = () => new ApiError('MaxPostPreDataLengthExceededError');

export function boundaryOf(contentType: string | undefined): string {
  const m = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw malformed('no multipart/form-data boundary');
  return boundary;
}

/** Content-Disposition parameters of a part's head. */
function disposition(head: string): { name?: string; filename?: string } {
  const line = head.split('\r\n').find((l) => /^content-disposition:/i.test(l)) ?? '';
  const param = (p: string) => new RegExp(`;\\s*${p}="([^"]*)"`, 'i').exec(line)?.[1];
  const name = param('name');
  const filename = param('filename');
  return { ...(name !== undefined ? { name } : {}), ...(filename !== undefined ? { filename } : {}) };
}

export async function readPostForm(
  req: IncomingMessage,
  boundary: string,
  contentLength: number,
): Promise<PostForm> {
  // Through the body's deadlines: a client that stalls gets RequestTimeout, one that goes
  // away IncompleteBody, as every other body read answers them.
  const source = passThrough(req)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    return await readFields(source, boundary, contentLength, () => drain(source));
  } catch (err) {
    await drain(source);
    throw err;
  }
}

async function readFields(
  source: AsyncIterator<Buffer>,
  boundary: string,
  contentLength: number,
  discard: () => Promise<void>,
): Promise<PostForm> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no leading CRLF; pretend it had, to find every one the same way.
  let buf: Buffer = Buffer.from('\r\n');
  let consumed = -2;
  const more = async (): Promise<boolean> => {
    // Everything before the file is held in memory, so all of it is bounded.
    if (consumed + buf.length > MAX_FIELDS_BYTES) throw tooLarge();
    const next = await source.next();
    if (next.done) return false;
    buf = Buffer.concat([buf, next.value]);
    return true;
  };
  const take = (n: number): Buffer => {
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    consumed += n;
    // A chunk read whole may hold more fields than the bound: counted as they are taken.
    if (consumed > MAX_FIELDS_BYTES) throw tooLarge();
    return out;
  };
  const fields = new Map<string, string>();
  const repeated = new Set<string>();
  for (;;) {
    // At a delimiter: read it, its line end and the part's head.
    const headEnd = await until(() => {
      if (buf.length < delimiter.length + 2) return -1;
      if (!buf.subarray(0, delimiter.length).equals(delimiter)) throw malformed();
      // The closing delimiter, and still no file: a whole form without one.
      if (buf[delimiter.length] === 0x2d && buf[delimiter.length + 1] === 0x2d)
        throw new ApiError('IncorrectNumberOfFilesInPostRequest');
      return buf.indexOf('\r\n\r\n', delimiter.length);
    }, 'no file field');
    const head = take(headEnd + 4)
      .subarray(delimiter.length)
      .toString('utf8');
    const { name, filename } = disposition(head);
    if (name === undefined) throw malformed('a part without a name');
    if (name.toLowerCase() === 'file') {
      // At least the closing delimiter follows the file's bytes.
      const maxSize = contentLength - consumed - delimiter.length - 4;
      if (maxSize < 0) throw malformed();
      const body = Readable.from(fileBytes(source, buf, delimiter));
      return { fields, repeated, file: { filename: filename ?? '', maxSize, body }, discard };
    }
    const valueEnd = await until(() => {
      const d = findDelimiter(buf, delimiter, false);
      return d?.sure ? d.at : -1;
    }, 'a field is not terminated');
    const field = name.toLowerCase();
    if (fields.has(field)) repeated.add(field);
    fields.set(field, take(valueEnd).toString('utf8'));
  }

  /** Reads on until `find` gives a position in the buffer. */
  async function until(find: () => number, missing: string): Promise<number> {
    for (;;) {
      const at = find();
      if (at >= 0) return at;
      if (!(await more())) throw malformed(missing);
    }
  }
}

/**
 * Where the next delimiter starts in `buf`: a match followed by `--`, CRLF or padding.
 * `sure` is false while `buf` ends before the bytes that decide it (`ended`: no more come).
 */
function findDelimiter(
  buf: Buffer,
  delimiter: Buffer,
  ended: boolean,
): { at: number; sure: boolean } | undefined {
  for (let from = 0; ; ) {
    const at = buf.indexOf(delimiter, from);
    if (at < 0) return undefined;
    const after = at + delimiter.length;
    if (buf.length < after + 2) return { at, sure: ended };
    const [a, b] = [buf[after], buf[after + 1]];
    if ((a === 0x2d && b === 0x2d) || (a === 0x0d && b === 0x0a) || a === 0x20 || a === 0x09)
      return { at, sure: true };
    from = at + 1;
  }
}

/** The file's bytes up to its delimiter; the rest of the request (fields after it) is read and dropped. */
async function* fileBytes(
  source: AsyncIterator<Buffer>,
  start: Buffer,
  delimiter: Buffer,
): AsyncGenerator<Buffer> {
  let pending = start;
  let ended = false;
  for (;;) {
    const d = findDelimiter(pending, delimiter, ended);
    if (d?.sure) {
      if (d.at > 0) yield pending.subarray(0, d.at);
      break;
    }
    // Held back: a possible delimiter, or a tail that could begin one split across chunks.
    const hold = d ? d.at : Math.max(0, pending.length - (delimiter.length - 1));
    if (hold > 0) {
      yield pending.subarray(0, hold);
      pending = pending.subarray(hold);
    }
    if (ended) throw malformed('the file part is not terminated');
    const next = await source.next();
    if (next.done) ended = true;
    else pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
  }
  while (!(await source.next()).done);
}
