import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { boundaryOf as formBoundary, MultipartError, MultipartReader } from '@stowage/multipart';
import { passThrough } from '../../http/body.js';
import { ApiError } from '../../wire/errors.js';

// multipart/form-data for browser POST uploads, framed by @stowage/multipart. The fields
// before `file` are small and read whole; the file streams straight on to the engine up to
// its closing delimiter. Fields after the file are ignored, as S3 ignores them (AWS's own
// example form ends with a submit button), and so is an epilogue.

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

const ERROR_TEXT = 'The body of your POST request is not well-formed multipart/form-data.';
const malformed = (detail: string) => new ApiError('MalformedPOSTRequest', `${ERROR_TEXT} (${detail})`);

/** The parser's refusals as S3 names them; the source's own errors (deadlines) pass as they are. */
function s3Error(err: unknown): unknown {
  if (!(err instanceof MultipartError)) return err;
  if (err.limit === 'preFileBytes') return new ApiError('MaxPostPreDataLengthExceededError');
  return malformed(err.message);
}

export function boundaryOf(contentType: string | undefined): string {
  try {
    return formBoundary(contentType);
  } catch (err) {
    throw s3Error(err);
  }
}

export async function readPostForm(
  req: IncomingMessage,
  boundary: string,
  contentLength: number,
): Promise<PostForm> {
  // Through the body's deadlines: a client that stalls gets RequestTimeout, one that goes
  // away IncompleteBody, as every other body read answers them.
  const reader = new MultipartReader(passThrough(req) as AsyncIterable<Buffer>, {
    boundary,
    // Everything before the file is held in memory: that is S3's pre-data bound. The
    // fields and heads within it need no bound of their own.
    limits: {
      preFileBytes: MAX_FIELDS_BYTES,
      fieldBytes: Number.POSITIVE_INFINITY,
      headerBytes: Number.POSITIVE_INFINITY,
      fields: Number.POSITIVE_INFINITY,
    },
    isFile: (head) => head.name.toLowerCase() === 'file',
  });
  // Too much to read just to throw away: the answer goes out now and the connection
  // closes after it (settleBody), instead of a reset the client would get with no answer.
  const discard = () =>
    reader.drain(MAX_DISCARD_BYTES).then(
      () => undefined,
      () => undefined,
    );
  try {
    const fields = new Map<string, string>();
    const repeated = new Set<string>();
    for (;;) {
      const part = await reader.next();
      // The closing delimiter, and still no file: a whole form without one.
      if (!part) throw new ApiError('IncorrectNumberOfFilesInPostRequest');
      if (part.type === 'file') {
        // At least the closing delimiter (CRLF--boundary--CRLF) follows the file's bytes.
        const maxSize = contentLength - part.offset - (boundary.length + 4) - 4;
        if (maxSize < 0) throw malformed('the form is longer than its Content-Length');
        const body = Readable.from(fileThenRest(part.body, reader));
        return { fields, repeated, file: { filename: part.filename, maxSize, body }, discard };
      }
      const field = part.name.toLowerCase();
      if (fields.has(field)) repeated.add(field);
      fields.set(field, part.value);
    }
  } catch (err) {
    await discard();
    throw s3Error(err);
  }
}

/** The file's bytes; then the rest of the request (fields after it) is read and dropped. */
async function* fileThenRest(file: Readable, reader: MultipartReader): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk as Buffer;
    await reader.drain();
  } catch (err) {
    throw s3Error(err);
  }
}
