import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { EMPTY_SHA256, type Scope, scopeString, signingKey } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { AwsChunkedDecoder, type ChunkSigner } from '../../src/s3/auth/chunked.js';
import { ApiError } from '../../src/wire/errors.js';
import { type Rng, rng } from './rng.js';

// The aws-chunked decoder over random payloads, chunk sizes and read boundaries: intact
// bodies decode to the payload and their trailers; corrupted or truncated ones are refused
// with an ApiError, or (when the corruption is meaningless, e.g. hex case) decode to
// exactly the original payload. Signed bodies never let a changed data byte through.

const SIGNER: ChunkSigner = {
  secretKey: 'fuzz-secret',
  scope: { date: '20261122', region: 'us-east-1', service: 's3' } satisfies Scope,
  amzDate: '20261122T060000Z',
  seedSignature: 'a'.repeat(64),
};
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

function sign(kind: 'PAYLOAD' | 'TRAILER', prev: string, hash: string): string {
  const text = [`AWS4-HMAC-SHA256-${kind}`, SIGNER.amzDate, scopeString(SIGNER.scope), prev];
  if (kind === 'PAYLOAD') text.push(EMPTY_SHA256);
  text.push(hash);
  return createHmac('sha256', signingKey(SIGNER.secretKey, SIGNER.scope))
    .update(text.join('\n'))
    .digest('hex');
}

interface Encoded {
  body: Buffer;
  payload: Buffer;
  trailers: Map<string, string>;
}

function encode(r: Rng, signed: boolean, withTrailer = r.bool()): Encoded {
  const payload = r.bytes(r.int(0, 3000));
  const parts: Buffer[] = [];
  let prev = SIGNER.seedSignature;
  const chunk = (data: Buffer) => {
    let ext = '';
    if (signed) {
      prev = sign('PAYLOAD', prev, sha256(data));
      ext = `;chunk-signature=${prev}`;
    }
    const size = r.bool(0.2) ? data.length.toString(16).toUpperCase() : data.length.toString(16);
    parts.push(Buffer.from(`${size}${ext}\r\n`), data, Buffer.from(data.length > 0 ? '\r\n' : ''));
  };
  for (let at = 0; at < payload.length; ) {
    const n = Math.min(r.int(1, 900), payload.length - at);
    chunk(payload.subarray(at, at + n));
    at += n;
  }
  chunk(Buffer.alloc(0));
  const trailers = new Map<string, string>();
  if (withTrailer) trailers.set('x-amz-checksum-crc32', r.bytes(4).toString('base64'));
  for (const [k, v] of trailers) parts.push(Buffer.from(`${k}:${v}\r\n`));
  if (signed && trailers.size > 0) {
    const canonical = [...trailers].map(([k, v]) => `${k}:${v}\n`).join('');
    parts.push(Buffer.from(`x-amz-trailer-signature:${sign('TRAILER', prev, sha256(canonical))}\r\n`));
  }
  parts.push(Buffer.from('\r\n'));
  return { body: Buffer.concat(parts), payload, trailers };
}

async function decode(r: Rng, body: Buffer, decoder: AwsChunkedDecoder): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; ) {
    const n = r.int(1, 700);
    pieces.push(body.subarray(at, at + n));
    at += n;
  }
  const out: Buffer[] = [];
  for await (const c of Readable.from(pieces).pipe(decoder)) out.push(c as Buffer);
  return Buffer.concat(out);
}

/** Decodes; an ApiError becomes its code, anything else thrown fails the test. */
async function attempt(r: Rng, body: Buffer, signed: boolean, declared?: string): Promise<Buffer | string> {
  try {
    return await decode(r, body, new AwsChunkedDecoder(signed ? SIGNER : undefined, declared));
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

/** What x-amz-trailer names for a body with these trailers. */
const declaredOf = (trailers: Map<string, string>) =>
  trailers.size > 0 ? [...trailers.keys()][0] : undefined;

describe('aws-chunked decoder fuzz', () => {
  it.each([
    ['unsigned', false, 11],
    ['signed', true, 12],
  ])('%s: intact bodies decode at any read boundary (400 bodies)', async (_name, signed, seed) => {
    const r = rng(seed);
    for (let i = 0; i < 400; i++) {
      const { body, payload, trailers } = encode(r, signed);
      const decoder = new AwsChunkedDecoder(signed ? SIGNER : undefined, declaredOf(trailers));
      expect((await decode(r, body, decoder)).equals(payload), `#${i}`).toBe(true);
      expect(decoder.trailers, `#${i}`).toEqual(trailers);
    }
  });

  it.each([
    ['unsigned', false, 21],
    ['signed', true, 22],
  ])('%s: truncated bodies are refused (400 bodies)', async (_name, signed, seed) => {
    const r = rng(seed);
    for (let i = 0; i < 400; i++) {
      const { body, payload, trailers } = encode(r, signed);
      // Ending right after the trailers (no closing blank line) is allowed, as clients do.
      const cut = r.int(0, body.length - 3);
      const got = await attempt(r, body.subarray(0, cut), signed, declaredOf(trailers));
      if (typeof got !== 'string') expect(got.equals(payload), `#${i} cut at ${cut}`).toBe(true);
    }
  });

  it('signed: trailers count only with their signature, and nothing may follow it', async () => {
    const r = rng(51);
    for (let i = 0; i < 50; i++) {
      const { body, payload } = encode(r, true, true);
      const declared = 'x-amz-checksum-crc32';
      const text = body.toString('latin1');
      const sigAt = text.lastIndexOf('x-amz-trailer-signature:');
      const unsigned = Buffer.concat([body.subarray(0, sigAt), Buffer.from('\r\n')]);
      const unsignedNoEnd = body.subarray(0, sigAt);
      const extra = Buffer.concat([
        body.subarray(0, body.length - 2),
        Buffer.from('x-amz-checksum-sha1:AAAA\r\n\r\n'),
      ]);
      expect(await attempt(r, unsigned, true, declared), `#${i}`).toBe('SignatureDoesNotMatch');
      expect(await attempt(r, unsignedNoEnd, true, declared), `#${i}`).toBe('SignatureDoesNotMatch');
      expect(await attempt(r, extra, true, declared), `#${i}`).toBe('SignatureDoesNotMatch');
      expect(((await attempt(r, body, true, declared)) as Buffer).equals(payload), `#${i}`).toBe(true);
      // A trailer the request did not declare, or a declared one that never came.
      expect(await attempt(r, body, true, 'x-amz-checksum-sha256'), `#${i}`).toBe('MalformedTrailerError');
    }
  });

  it('signed: any corrupted byte is refused or harmless (seed 31, 600 bodies)', async () => {
    const r = rng(31);
    const codes = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const { body, payload, trailers } = encode(r, true);
      const bad = Buffer.from(body);
      const at = r.int(0, bad.length - 1);
      bad[at] = (bad[at]! ^ r.int(1, 255)) & 0xff;
      const got = await attempt(r, bad, true, declaredOf(trailers));
      if (typeof got === 'string') codes.add(got);
      else expect(got.equals(payload), `#${i} byte ${at}`).toBe(true);
    }
    expect([...codes].sort()).toEqual(['IncompleteBody', 'MalformedTrailerError', 'SignatureDoesNotMatch']);
  });

  it('unsigned: corrupted framing never crashes or hangs (seed 41, 600 bodies)', async () => {
    const r = rng(41);
    for (let i = 0; i < 600; i++) {
      const { body } = encode(r, false);
      const bad = Buffer.from(body);
      for (let n = r.int(1, 3); n > 0; n--) {
        const at = r.int(0, bad.length - 1);
        bad[at] = r.pick([0x0d, 0x0a, 0x3b, 0x3a, 0x30, 0x66, 0x67, r.int(0, 255)]);
      }
      await attempt(r, bad, false);
    }
  });
});
