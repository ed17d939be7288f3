import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { slices } from './multipart.js';

describe('slices', () => {
  it('cuts one stream into consecutive parts of the given sizes, across chunk edges', async () => {
    const whole = Buffer.from('abcdefghijklmnopqrstuvwxyz');
    const source = Readable.from([whole.subarray(0, 7), whole.subarray(7, 8), whole.subarray(8)]);
    const parts = slices(source, [5, 10, 11]);
    const got = [];
    for (const part of parts) got.push((await buffer(part())).toString());
    expect(got).toEqual(['abcde', 'fghijklmno', 'pqrstuvwxyz']);
  });

  it('a source shorter than the sizes fails the part that runs out', async () => {
    const [first, second] = slices(Readable.from([Buffer.from('abc')]), [2, 5]);
    expect((await buffer(first!())).toString()).toBe('ab');
    await expect(buffer(second!())).rejects.toThrow(/4 bytes early/);
  });
});
