import { describe, expect, it } from 'vitest';
import { PartsFailedError } from './multipartUpload.js';
import { backoffMs, PART_RETRY } from './retry.js';
import { fitsOnePut, putWhole, type SinglePutDeps } from './singlePut.js';
import { fakeClock, fakeServer } from './testDoubles.js';

const MIB = 1024 * 1024;
const job = (text: string, contentType = 'text/plain') => ({
  bucket: 'b',
  key: 'dir/f.txt',
  file: new File([text], 'f.txt'),
  contentType,
});

function setup() {
  const server = fakeServer({ part_size: 4, part_count: 1 });
  const clock = fakeClock();
  const deps: SinglePutDeps = { api: server.api, send: server.send, clock };
  return { server, clock, deps };
}

describe('fitsOnePut', () => {
  it('a file the console would send in one part, under its proxy limit too', () => {
    expect(fitsOnePut(0, {})).toBe(true);
    expect(fitsOnePut(16 * MIB, {})).toBe(true);
    expect(fitsOnePut(16 * MIB + 1, {})).toBe(false);
    expect(fitsOnePut(8 * MIB, { max_part_bytes: 8 * MIB })).toBe(true);
    expect(fitsOnePut(8 * MIB + 1, { max_part_bytes: 8 * MIB })).toBe(false);
  });
});

describe('putWhole', () => {
  it('one signed PUT of the whole file, with its content type; progress ends at its size', async () => {
    const { server, deps } = setup();
    const progress: number[] = [];
    const result = await putWhole(job('hello'), deps, { onProgress: (n) => progress.push(n) });
    expect(result.etag).toBe('e0');
    expect(server.stored.get(0)?.text).toBe('hello');
    expect(server.signPutCalls).toEqual([{ key: 'dir/f.txt', size: 5 }]);
    expect(server.sends).toEqual([{ part: 0, headers: { 'Content-Type': 'text/plain' } }]);
    expect(progress.at(-1)).toBe(5);
  });

  it("with a checksum: the file's, signed into the URL and sent beside it", async () => {
    const { server, deps } = setup();
    deps.checksum = { algorithm: 'SHA256', of: async (b) => `sum-of-${b.size}` };
    await putWhole(job('hello', 'application/json'), deps);
    expect(server.signPutCalls).toEqual([
      { key: 'dir/f.txt', size: 5, checksum_algorithm: 'SHA256', checksum: 'sum-of-5' },
    ]);
    expect(server.sends[0]?.headers).toEqual({
      'Content-Type': 'application/json',
      'x-amz-checksum-sha256': 'sum-of-5',
    });
  });

  it('a failed PUT is signed and sent again after a backoff; five failures fail the file', async () => {
    const { server, clock, deps } = setup();
    server.failures.set(0, 2);
    const retries: number[] = [];
    await putWhole(job('hello'), deps, { onRetry: (n) => retries.push(n) });
    expect(retries).toEqual([1, 1]);
    expect(server.signPutCalls).toHaveLength(3);
    expect(clock.sleeps).toEqual([backoffMs(PART_RETRY, 1), backoffMs(PART_RETRY, 2)]);

    const again = setup();
    again.server.failures.set(0, PART_RETRY.attempts);
    const failed = putWhole(job('hello'), again.deps);
    await expect(failed).rejects.toBeInstanceOf(PartsFailedError);
    await expect(failed).rejects.toMatchObject({ failedParts: [1] });
    await expect(failed).rejects.toThrow('the storage server cannot be reached');
    expect(again.server.stored.size).toBe(0);
  });

  it('a refused signature ends the upload at once, with nothing sent', async () => {
    const { server, deps } = setup();
    deps.api = {
      signPut: async () => {
        throw new Error('You may not upload to this path.');
      },
    };
    await expect(putWhole(job('hello'), deps)).rejects.toThrow('You may not upload to this path.');
    expect(server.sends).toEqual([]);
  });

  it('cancelled: the send stops and nothing is retried', async () => {
    const { server, deps } = setup();
    const controller = new AbortController();
    deps.send = async (_url, _body, _headers, { signal }) => {
      controller.abort();
      signal?.throwIfAborted();
      throw new Error('unreachable');
    };
    await expect(putWhole(job('hello'), deps, { signal: controller.signal })).rejects.toThrow();
    expect(server.signPutCalls).toHaveLength(1);
  });
});
