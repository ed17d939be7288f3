import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { LogTail } from './log-tail.js';

function write(tail: LogTail, ...chunks: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    for (const chunk of chunks) tail.write(chunk);
    tail.end((err?: Error | null) => (err ? reject(err) : resolve()));
  });
}

describe('pod log tail', () => {
  it('keeps a log shorter than the limit whole', async () => {
    const tail = new LogTail(100);
    await write(tail, 'line 1\n', 'line 2\n');
    expect(tail.text()).toBe('line 1\nline 2\n');
    expect(tail.truncated).toBe(false);
  });

  it('keeps only the end of a long log, starting at a whole line', async () => {
    const tail = new LogTail(20);
    await write(tail, 'first line\nsecond line\n', 'third line\n', 'fourth\n');
    // The last 20 bytes begin with the end of "second line": that half line is dropped.
    expect(tail.text()).toBe('third line\nfourth\n');
    expect(tail.truncated).toBe(true);
  });

  it('cuts inside one big chunk as well as across chunks', async () => {
    const tail = new LogTail(10);
    await write(tail, `${'x'.repeat(50)}\nabc\n`);
    expect(tail.text()).toBe('abc\n');
  });

  it('fails when the log it is fed from breaks off', async () => {
    const source = new PassThrough();
    const tail = new LogTail(100);
    source.pipe(tail);
    source.write('line 1\n');
    source.destroy(new Error('connection reset'));
    await expect(finished(tail)).rejects.toThrow('connection reset');
  });
});
