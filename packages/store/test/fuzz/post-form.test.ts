import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPostForm } from '../../src/s3/post/form.js';
import { ApiError } from '../../src/wire/errors.js';
import { type Rng, rng } from './rng.js';

// The POST form reader over random fields, files and read boundaries: it returns the
// fields and the file bytes exactly (fields after the file ignored), with an upper bound of
// the file's size from Content-Length, and refuses broken framing with
// MalformedPOSTRequest, never anything else.

const BOUNDARY = '----fuzzBoundaryQ3';
const NAME_CHARS = [...'abcdefghijklmnopqrstuvwxyz-_'];

function encode(r: Rng) {
  const fields = new Map<string, string>();
  for (let n = r.int(0, 6); n > 0; n--)
    fields.set(r.string(NAME_CHARS, r.int(1, 12)), r.bytes(r.int(0, 40)).toString('base64'));
  fields.delete('file');
  // File data may hold delimiter look-alikes: a CRLF, dashes, the boundary without its CRLF.
  const file = Buffer.concat(
    Array.from({ length: r.int(0, 6) }, () =>
      r.pick([r.bytes(r.int(0, 800)), Buffer.from('\r\n--'), Buffer.from(`--${BOUNDARY}`)]),
    ),
  );
  const part = ([k, v]: [string, string]) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const parts = [...fields].map(part);
  // Fields after the file (a submit button): S3 ignores them.
  const after = Array.from({ length: r.int(0, 2) }, () =>
    part([r.string(NAME_CHARS, r.int(1, 8)), r.bytes(r.int(0, 30)).toString('base64')]),
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n${after.join('')}--${BOUNDARY}--\r\n`),
  ]);
  return { fields, file, body, trailing: after.length > 0 };
}

function request(r: Rng, body: Buffer): IncomingMessage {
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; ) {
    const n = r.int(1, 300);
    pieces.push(body.subarray(at, at + n));
    at += n;
  }
  return Readable.from(pieces, { objectMode: false }) as unknown as IncomingMessage;
}

async function attempt(r: Rng, body: Buffer, length: number) {
  try {
    const form = await readPostForm(request(r, body), BOUNDARY, length);
    const chunks: Buffer[] = [];
    for await (const c of form.file.body) chunks.push(c as Buffer);
    return { fields: form.fields, file: Buffer.concat(chunks), maxSize: form.file.maxSize };
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

describe('POST form reader fuzz', () => {
  it('intact forms read back exactly at any boundary (seed 51, 400 forms)', async () => {
    const r = rng(51);
    for (let i = 0; i < 400; i++) {
      const { fields, file, body, trailing } = encode(r);
      const got = await attempt(r, body, body.length);
      if (typeof got === 'string') throw new Error(`#${i}: ${got}`);
      expect({ fields: got.fields, file: got.file }, `#${i}`).toEqual({ fields, file });
      // Exact when the file is last; an upper bound when fields follow it.
      if (trailing) expect(got.maxSize, `#${i}`).toBeGreaterThan(file.length);
      else expect(got.maxSize, `#${i}`).toBe(file.length);
    }
  });

  it('truncated or corrupted forms are refused or read consistently (seed 52, 400 forms)', async () => {
    const r = rng(52);
    for (let i = 0; i < 400; i++) {
      const { body } = encode(r);
      const bad = r.bool() ? body.subarray(0, r.int(0, body.length - 1)) : Buffer.from(body);
      if (bad.length === body.length)
        bad[r.int(0, bad.length - 1)] = r.pick([0x0d, 0x0a, 0x2d, 0x22, r.int(0, 255)]);
      const got = await attempt(r, bad, body.length);
      // A corruption that hides the file part leaves a well-formed form without one.
      if (typeof got === 'string')
        expect(['MalformedPOSTRequest', 'IncorrectNumberOfFilesInPostRequest'], `#${i}`).toContain(got);
    }
  });
});
