import { createHash, createHmac } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { EMPTY_SHA256, type Scope, scopeString, signingKey } from '@stowage/madmin';
import { sameSecret } from '../../crypto/same-secret.js';
import { ApiError } from '../../wire/errors.js';

// Decodes `Content-Encoding: aws-chunked` bodies:
//   <hex-size>[;chunk-signature=<sig>]\r\n<data>\r\n ... 0[;chunk-signature=<sig>]\r\n
//   [<trailer>:<value>\r\n ...][x-amz-trailer-signature:<sig>\r\n]\r\n
// Signed variants chain each chunk's signature from the previous one, seeded by the header
// signature, and sign their trailers too: a signed body's trailers count only with the
// x-amz-trailer-signature after them. Unsigned ones carry only the data and trailers.

export interface ChunkSigner {
  secretKey: string;
  scope: Scope;
  amzDate: string;
  seedSignature: string;
}

const MAX_LINE = 4096;

export class AwsChunkedDecoder extends Transform {
  /** Trailer fields (checksums), available once the body has ended. */
  readonly trailers = new Map<string, string>();
  private buf: Buffer = Buffer.alloc(0);
  private state: 'size' | 'data' | 'crlf' | 'trailer' | 'done' = 'size';
  private remaining = 0;
  private chunkSig = '';
  private chunkHash = createHash('sha256');
  private prevSig: string;
  private readonly key: Buffer | undefined;
  /** A signed body's trailers have had their signature (nothing may follow it). */
  private trailersSigned = false;

  /**
   * `declared`: the trailer x-amz-trailer announces; it must come, and no other may (a
   * checksum nobody declared would be kept unchecked).
   */
  constructor(
    private readonly signer?: ChunkSigner,
    private readonly declared?: string,
  ) {
    super();
    this.prevSig = signer?.seedSignature ?? '';
    this.key = signer ? signingKey(signer.secretKey, signer.scope) : undefined;
  }

  private sign(kind: 'PAYLOAD' | 'TRAILER', hash: string): string {
    const s = this.signer!;
    const text = [`AWS4-HMAC-SHA256-${kind}`, s.amzDate, scopeString(s.scope), this.prevSig];
    if (kind === 'PAYLOAD') text.push(EMPTY_SHA256);
    text.push(hash);
    return createHmac('sha256', this.key!).update(text.join('\n')).digest('hex');
  }

  private verifyChunk(): void {
    if (!this.signer) return;
    const expected = this.sign('PAYLOAD', this.chunkHash.digest('hex'));
    if (!sameSecret(expected, this.chunkSig)) throw new ApiError('SignatureDoesNotMatch');
    this.prevSig = expected;
    this.chunkHash = createHash('sha256');
  }

  private line(): string | undefined {
    const at = this.buf.indexOf('\r\n');
    if (at < 0) {
      if (this.buf.length > MAX_LINE) throw new ApiError('IncompleteBody', 'Malformed aws-chunked body');
      return undefined;
    }
    const text = this.buf.subarray(0, at).toString('latin1');
    this.buf = this.buf.subarray(at + 2);
    return text;
  }

  private sizeLine(text: string): void {
    const [size, ...ext] = text.split(';');
    if (!size || !/^[0-9a-fA-F]{1,16}$/.test(size))
      throw new ApiError('IncompleteBody', 'Malformed aws-chunked body');
    this.remaining = Number.parseInt(size, 16);
    this.chunkSig = ext.find((e) => e.startsWith('chunk-signature='))?.slice(16) ?? '';
    if (this.signer && !this.chunkSig) throw new ApiError('SignatureDoesNotMatch', 'Missing chunk signature');
    if (this.remaining === 0) {
      this.verifyChunk();
      this.state = 'trailer';
    } else {
      this.state = 'data';
    }
  }

  private trailerLine(text: string): void {
    if (text === '') {
      this.endTrailers();
      return;
    }
    const colon = text.indexOf(':');
    if (colon <= 0) throw new ApiError('IncompleteBody', 'Malformed aws-chunked trailer');
    const name = text.slice(0, colon).trim().toLowerCase();
    const value = text.slice(colon + 1).trim();
    if (this.trailersSigned)
      throw new ApiError('SignatureDoesNotMatch', 'A trailer after the trailer signature');
    if (name === 'x-amz-trailer-signature') {
      if (!this.signer) return;
      const canonical = [...this.trailers].map(([k, v]) => `${k}:${v}\n`).join('');
      const expected = this.sign('TRAILER', createHash('sha256').update(canonical).digest('hex'));
      if (!sameSecret(expected, value)) throw new ApiError('SignatureDoesNotMatch');
      this.trailersSigned = true;
    } else {
      if (name !== this.declared) throw new ApiError('MalformedTrailerError');
      this.trailers.set(name, value);
    }
  }

  /** The trailers are over: a signed body's must have been signed. */
  private endTrailers(): void {
    if (this.signer && this.trailers.size > 0 && !this.trailersSigned)
      throw new ApiError('SignatureDoesNotMatch', 'Missing trailer signature');
    if (this.declared !== undefined && !this.trailers.has(this.declared))
      throw new ApiError('MalformedTrailerError');
    this.state = 'done';
  }

  private step(): boolean {
    if (this.state === 'data') {
      if (this.buf.length === 0) return false;
      const part = this.buf.subarray(0, this.remaining);
      this.buf = this.buf.subarray(part.length);
      this.remaining -= part.length;
      if (this.signer) this.chunkHash.update(part);
      this.push(part);
      if (this.remaining === 0) this.state = 'crlf';
      return true;
    }
    if (this.state === 'done') {
      if (this.buf.length > 0)
        throw new ApiError('IncompleteBody', 'Data after the end of an aws-chunked body');
      return false;
    }
    const text = this.line();
    if (text === undefined) return false;
    if (this.state === 'crlf') {
      if (text !== '') throw new ApiError('IncompleteBody', 'Malformed aws-chunked body');
      this.verifyChunk();
      this.state = 'size';
    } else if (this.state === 'size') {
      this.sizeLine(text);
    } else {
      this.trailerLine(text);
    }
    return true;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    try {
      while (this.step()) {}
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    // Some clients end right after the trailers, without the closing blank line.
    if (this.state === 'trailer' && this.buf.length === 0) {
      try {
        this.endTrailers();
      } catch (err) {
        done(err as Error);
        return;
      }
    }
    done(this.state === 'done' ? null : new ApiError('IncompleteBody'));
  }
}
