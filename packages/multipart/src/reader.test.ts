import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { boundaryOf } from './boundary.js';
import { MultipartError } from './errors.js';
import { type MultipartOptions, MultipartReader, type Part } from './reader.js';

const B = 'BOUNDARYX';

type Entry =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; data: Buffer };

function form(entries: Entry[], { preamble = '', epilogue = '' } = {}): Buffer {
  const parts = entries.map((e) =>
    'value' in e
      ? Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${e.name}"\r\n\r\n${e.value}\r\n`)
      : Buffer.concat([
          Buffer.from(
            `--${B}\r\nContent-Disposition: form-data; name="${e.name}"; filename="${e.filename}"\r\n` +
              `Content-Type: ${e.type ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          e.data,
          Buffer.from('\r\n'),
        ]),
  );
  return Buffer.concat([Buffer.from(preamble), ...parts, Buffer.from(`--${B}--\r\n${epilogue}`)]);
}

/** The body in pieces of the given sizes (the last size repeats). */
function* pieces(body: Buffer, sizes: number[]): Generator<Buffer> {
  for (let at = 0, i = 0; at < body.length; i++) {
    const n = sizes[Math.min(i, sizes.length - 1)]!;
    yield body.subarray(at, at + n);
    at += n;
  }
}

type Read =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; filename: string; contentType: string; data: Buffer; offset: number };

async function readAll(
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  options: Partial<MultipartOptions> = {},
) {
  const reader = new MultipartReader(toAsync(chunks), { boundary: B, ...options });
  const out: Read[] = [];
  for await (const part of reader) out.push(await settle(part));
  return out;
}

async function settle(part: Part): Promise<Read> {
  if (part.type === 'field') return { type: 'field', name: part.name, value: part.value };
  const data: Buffer[] = [];
  for await (const c of part.body) data.push(c as Buffer);
  const { name, filename, contentType, offset } = part;
  return { type: 'file', name, filename, contentType, data: Buffer.concat(data), offset };
}

async function* toAsync(chunks: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield* chunks;
}

async function refusal(body: Buffer, options: Partial<MultipartOptions> = {}) {
  const err = await readAll([body], options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MultipartError);
  const { kind, limit } = err as MultipartError;
  return { kind, limit };
}

// File data that looks like a delimiter without being one (RFC 2046: the boundary must be
// followed by `--`, or by padding and CRLF).
const LOOKALIKES = Buffer.from(
  `start\r\n--${B}X not a delimiter\r\n--${B}-x\r\n--${B.slice(0, -1)}\r\n--${B}\r--${B}\n\r\n\r\n--end`,
);

describe('MultipartReader', () => {
  it('reads fields and files in order, with names, types and where the bytes start', async () => {
    const body = form([
      { name: 'key', value: 'photos/$[filename]' },
      { name: 'a.txt', filename: 'a.txt', type: 'Text/Plain; charset=utf-8', data: Buffer.from('alpha') },
      { name: 'note', value: 'after' },
      { name: 'b.bin', filename: 'dir/b.bin', data: Buffer.from([0, 1, 2]) },
    ]);
    const parts = await readAll([body]);
    expect(
      parts.map((p) =>
        p.type === 'field' ? [p.name, p.value] : [p.name, p.filename, p.contentType, p.data.toString('hex')],
      ),
    ).toEqual([
      ['key', 'photos/$[filename]'],
      ['a.txt', 'a.txt', 'text/plain', Buffer.from('alpha').toString('hex')],
      ['note', 'after'],
      ['b.bin', 'dir/b.bin', 'application/octet-stream', '000102'],
    ]);
    const a = parts[1] as Extract<Read, { type: 'file' }>;
    expect(body.subarray(a.offset, a.offset + 5).toString()).toBe('alpha');
  });

  it('keeps delimiter look-alikes in a file and a field', async () => {
    const parts = await readAll([
      form([
        { name: 'f', value: LOOKALIKES.toString('latin1') },
        { name: 'file', filename: 'x', data: LOOKALIKES },
      ]),
    ]);
    expect((parts[0] as { value: string }).value).toBe(LOOKALIKES.toString('latin1'));
    expect((parts[1] as { data: Buffer }).data).toEqual(LOOKALIKES);
  });

  it('reads the same body alike whatever its chunking: every split point, 1-byte and random pieces', async () => {
    const body = form(
      [
        { name: 'policy', value: 'eyJ4IjoxfQ==' },
        { name: 'file', filename: 'f.bin', data: Buffer.concat([LOOKALIKES, Buffer.from([0xff, 0x0d])]) },
        { name: 'g', filename: 'g.bin', data: Buffer.alloc(0) },
      ],
      { preamble: 'preamble text\r\n', epilogue: 'epilogue' },
    );
    const whole = await readAll([body]);
    expect(whole).toHaveLength(3);
    for (let at = 0; at <= body.length; at++)
      expect(await readAll([body.subarray(0, at), body.subarray(at)]), `split at ${at}`).toEqual(whole);
    expect(await readAll(pieces(body, [1]))).toEqual(whole);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 1 + (seed % 97);
    };
    for (let round = 0; round < 50; round++)
      expect(await readAll(pieces(body, Array.from({ length: body.length }, random)))).toEqual(whole);
  });

  it('accepts transport padding after a boundary, a preamble and an epilogue', async () => {
    const body = Buffer.from(
      `ignored preamble\r\n--${B} \t\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${B}\t\r\n` +
        `Content-Disposition: form-data; name=b\r\n\r\n2\r\n--${B}--\r\nignored epilogue`,
    );
    expect(await readAll([body])).toEqual([
      { type: 'field', name: 'a', value: '1' },
      { type: 'field', name: 'b', value: '2' },
    ]);
  });

  it('lets the caller say which parts are files', async () => {
    const body = form([{ name: 'File', value: 'bytes' }]);
    const parts = await readAll([body], { isFile: (h) => h.name.toLowerCase() === 'file' });
    expect(parts).toMatchObject([{ type: 'file', name: 'File', filename: '', data: Buffer.from('bytes') }]);
  });

  it('skips what the consumer leaves of a file when it asks for the next part', async () => {
    const big = Buffer.alloc(300_000, 7);
    const body = form([
      { name: 'one', filename: 'one', data: big },
      { name: 'two', filename: 'two', data: Buffer.from('second') },
      { name: 'three', filename: 'three', data: big },
    ]);
    const reader = new MultipartReader(toAsync(pieces(body, [4096])), { boundary: B });
    const one = (await reader.next()) as Extract<Part, { type: 'file' }>;
    for await (const _ of one.body) break; // reads a little, then destroys the stream
    const two = await reader.next();
    expect(await settle(two!)).toMatchObject({ name: 'two', data: Buffer.from('second') });
    expect((await reader.next())?.name).toBe('three'); // never read at all
    expect(await reader.next()).toBeUndefined();
  });

  it('refuses malformed bodies with MalformedBody', async () => {
    const malformed = { kind: 'MalformedBody', limit: undefined };
    expect(await refusal(Buffer.from('no delimiter at all'))).toEqual(malformed);
    expect(
      await refusal(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`)),
    ).toEqual(malformed);
    expect(
      await refusal(
        form([{ name: 'f', filename: 'f', data: Buffer.from('x') }]).subarray(0, -(B.length + 8)),
      ),
    ).toEqual(malformed);
    expect(await refusal(Buffer.from(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--`))).toEqual(
      malformed,
    );
    expect(await refusal(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="a"`))).toEqual(
      malformed,
    );
    // Padding then text: the body scan ends the part there, and the line is no delimiter.
    const textAfter = `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${B} x\r\n--${B}--`;
    expect(await refusal(Buffer.from(textAfter))).toEqual(malformed);
    // A refusal stays: asking again does not read on past it.
    const reader = new MultipartReader(toAsync([Buffer.from(textAfter)]), { boundary: B });
    await reader.next();
    await expect(reader.next()).rejects.toThrow(MultipartError);
    await expect(reader.next()).rejects.toThrow(MultipartError);
  });

  it('holds each limit and names it', async () => {
    const fields = (n: number, size = 1) =>
      form(Array.from({ length: n }, (_, i) => ({ name: `f${i}`, value: 'v'.repeat(size) })));
    expect(await refusal(fields(3), { limits: { fields: 2 } })).toEqual({
      kind: 'TooManyParts',
      limit: 'fields',
    });
    expect(await readAll([fields(2)], { limits: { fields: 2 } })).toHaveLength(2);
    expect(await refusal(fields(1, 101), { limits: { fieldBytes: 100 } })).toEqual({
      kind: 'TooLarge',
      limit: 'fieldBytes',
    });
    expect(await readAll([fields(1, 100)], { limits: { fieldBytes: 100 } })).toHaveLength(1);
    const file = (n: number) => ({ name: `x${n}`, filename: `x${n}`, data: Buffer.from('x') });
    expect(await refusal(form([file(1), file(2)]), { limits: { files: 1 } })).toEqual({
      kind: 'TooManyParts',
      limit: 'files',
    });
    const longHead = Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${'p'.repeat(200)}\r\n\r\n1\r\n--${B}--`,
    );
    expect(await refusal(longHead, { limits: { headerBytes: 100 } })).toEqual({
      kind: 'TooLarge',
      limit: 'headerBytes',
    });
    // Everything before the file counts, its own head included; the file's bytes do not.
    const withFile = form([
      { name: 'a', value: 'v'.repeat(50) },
      { name: 'f', filename: 'f', data: Buffer.alloc(10_000) },
    ]);
    const fileStart = withFile.indexOf('\r\n\r\n', withFile.indexOf('filename')) + 4;
    expect(await readAll(pieces(withFile, [7]), { limits: { preFileBytes: fileStart } })).toHaveLength(2);
    expect(await refusal(withFile, { limits: { preFileBytes: fileStart - 1 } })).toEqual({
      kind: 'TooLarge',
      limit: 'preFileBytes',
    });
  });

  it('passes the source’s own errors through', async () => {
    const failing = (async function* () {
      yield Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="f"\r\n\r\nsome`);
      throw new Error('connection lost');
    })();
    const reader = new MultipartReader(failing, { boundary: B });
    const part = (await reader.next()) as Extract<Part, { type: 'file' }>;
    await expect(settle(part)).rejects.toThrow('connection lost');
    await expect(reader.next()).rejects.toThrow('connection lost');
  });

  it('reads a file only as fast as its consumer: a slow reader keeps the buffered bytes bounded', async () => {
    const CHUNK = 64 * 1024;
    let pulled = 0;
    const source = (async function* () {
      yield Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="big"\r\n\r\n`);
      for (let i = 0; i < 1024; i++) {
        pulled += CHUNK;
        yield Buffer.alloc(CHUNK, i & 0xff);
      }
      yield Buffer.from(`\r\n--${B}--\r\n`);
    })();
    const part = (await new MultipartReader(source, { boundary: B }).next()) as Extract<
      Part,
      { type: 'file' }
    >;
    let consumed = 0;
    let peak = 0;
    let ended = false;
    part.body.on('data', (chunk: Buffer) => {
      consumed += chunk.length;
    });
    part.body.on('end', () => {
      ended = true;
    });
    while (!ended) {
      // A slow consumer: it stops reading, and the parser gets many turns to read ahead.
      part.body.pause();
      for (let i = 0; i < 20; i++) await tick();
      peak = Math.max(peak, pulled - consumed);
      part.body.resume();
      await tick();
    }
    expect(consumed).toBe(1024 * CHUNK);
    expect(peak).toBeLessThanOrEqual(4 * CHUNK);
  });
});

describe('boundaryOf', () => {
  it('reads a quoted or bare boundary, and refuses a type without one', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    for (const type of [undefined, 'multipart/form-data', 'text/plain; boundary=abc'])
      expect(() => boundaryOf(type)).toThrow(MultipartError);
  });
});
