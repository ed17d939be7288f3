import { describe, expect, it } from 'vitest';
import { BandwidthLimit } from './bandwidth.js';
import { createMultipart, type MultipartDeps, PartsFailedError, runMultipart } from './multipartUpload.js';
import { fileMatches, memoryResumeStore } from './resumeStore.js';
import { backoffMs, PART_RETRY } from './retry.js';
import { blobText, fakeClock, fakeServer } from './testDoubles.js';

// Parts of 4 bytes keep the files tiny; the engine does not care how big a part is.
const file = (text: string, name = 'f.txt', lastModified = 42) => new File([text], name, { lastModified });
const TEXT = 'aaaabbbbccccddddeeeeffffgggghhhhii'; // 9 parts of 4 bytes, the last of 2

function setup(partCount = 9) {
  const server = fakeServer({ part_size: 4, part_count: partCount });
  const store = memoryResumeStore();
  const clock = fakeClock();
  const deps: MultipartDeps = { api: server.api, send: server.send, store, clock };
  return { server, store, clock, deps };
}

const job = (f: File) => ({ bucket: 'b', key: 'dir/f.txt', file: f, contentType: 'text/plain' });

describe('runMultipart', () => {
  it('sends every part, at most four at a time, signs in batches, completes in order and forgets the record', async () => {
    const { server, store, deps } = setup();
    const f = file(TEXT);
    const upload = await createMultipart(job(f), deps);
    expect(await store.list()).toHaveLength(1);
    const progress: number[] = [];
    const result = await runMultipart(upload, f, deps, { onProgress: (n) => progress.push(n) });
    expect(result.etag).toBe('etag-of-9');
    expect([...server.stored.values()].map((p) => p.text).join('')).toBe(TEXT);
    expect(server.maxInFlight).toBeLessThanOrEqual(4);
    expect(server.maxInFlight).toBeGreaterThan(1);
    // Nine parts, far fewer sign calls than parts.
    expect(server.signCalls.length).toBeLessThan(9);
    expect(server.completed[0]!.map((p) => p.part_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(progress.at(-1)).toBe(TEXT.length);
    expect(await store.list()).toEqual([]);
  });

  it('retries a failing part with growing waits, counts the retries, and goes on', async () => {
    const { server, clock, deps } = setup();
    server.failures.set(3, 2);
    const f = file(TEXT);
    const retried: number[] = [];
    await runMultipart(await createMultipart(job(f), deps), f, deps, { onRetry: (n) => retried.push(n) });
    expect(retried).toEqual([3, 3]);
    expect(clock.sleeps).toEqual([1000, 2000]);
    expect(server.stored.get(3)?.text).toBe('cccc');
    expect(backoffMs(PART_RETRY, 10)).toBe(16_000);
  });

  it('a part that fails every try fails the upload, keeps the record, and a retry sends only what is missing', async () => {
    const { server, store, deps } = setup();
    server.failures.set(5, 99);
    const f = file(TEXT);
    const upload = await createMultipart(job(f), deps);
    const failed = runMultipart(upload, f, deps);
    await expect(failed).rejects.toBeInstanceOf(PartsFailedError);
    await expect(failed).rejects.toMatchObject({ failedParts: [5] });
    const [kept] = await store.list();
    expect(Object.keys(kept!.parts).map(Number).sort()).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
    server.failures.clear();
    server.sends.length = 0;
    await runMultipart(kept!, f, deps, { resume: true });
    expect(server.sends.map((s) => s.part)).toEqual([5]);
    expect(server.completed.at(-1)).toHaveLength(9);
  });

  it('resume trusts the server: parts stored but not written down are skipped, missing ones sent', async () => {
    const { server, store, deps } = setup();
    const f = file(TEXT);
    const upload = await createMultipart(job(f), deps);
    // Before the "reload": parts 1-3 reached the server, only part 1 was written down, and the
    // record claims part 9 which the server never stored.
    for (const n of [1, 2, 3])
      server.stored.set(n, { etag: `e${n}`, size: 4, text: TEXT.slice((n - 1) * 4, n * 4) });
    upload.parts = { 1: { etag: 'e1' }, 9: { etag: 'lost' } };
    await store.put(upload);
    const [saved] = await store.list();
    await runMultipart(saved!, f, deps, { resume: true });
    expect(server.sends.map((s) => s.part).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(
      [...server.stored.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, p]) => p.text)
        .join(''),
    ).toBe(TEXT);
  });

  it('with checksums, each part is signed with its checksum and sends it', async () => {
    const { server, deps } = setup(2);
    const f = file('aaaabb');
    const sums: Blob[] = [];
    const withSums: MultipartDeps = {
      ...deps,
      checksum: {
        algorithm: 'SHA256',
        of: async (part) => {
          sums.push(part);
          return `sum-${await blobText(part)}`;
        },
      },
    };
    await runMultipart(await createMultipart(job(f), withSums), f, withSums);
    expect(server.signCalls.map((c) => c.checksums)).toEqual(
      expect.arrayContaining([['sum-aaaa'], ['sum-bb']]),
    );
    expect(server.sends.find((s) => s.part === 2)?.headers).toEqual({ 'x-amz-checksum-sha256': 'sum-bb' });
    expect(server.completed[0]).toEqual([
      { part_number: 1, etag: 'e1', checksum: 'sum-aaaa' },
      { part_number: 2, etag: 'e2', checksum: 'sum-bb' },
    ]);
  });

  it('a cancel stops at once without retrying', async () => {
    const { server, clock, deps } = setup();
    server.failures.set(1, 99);
    const f = file(TEXT);
    const controller = new AbortController();
    controller.abort();
    await expect(
      runMultipart(await createMultipart(job(f), deps), f, deps, { signal: controller.signal }),
    ).rejects.toBeDefined();
    expect(clock.sleeps).toEqual([]);
  });
});

describe('bandwidth limit', () => {
  it('paces parts so the average stays at the limit', async () => {
    const clock = fakeClock(0);
    const limit = new BandwidthLimit(clock);
    await limit.take(1000);
    expect(clock.sleeps).toEqual([]);
    limit.set(1000);
    await limit.take(500);
    await limit.take(500);
    await limit.take(1000);
    expect(clock.sleeps).toEqual([500, 500]);
    limit.set(0);
    await limit.take(10_000);
    expect(clock.sleeps).toHaveLength(2);
  });
});

describe('resume matching', () => {
  it('the picked file must have the same name, size and modification time', async () => {
    const { deps } = setup();
    const upload = await createMultipart(job(file(TEXT)), deps);
    expect(fileMatches(upload, file(TEXT))).toBe(true);
    expect(fileMatches(upload, file(TEXT, 'other.txt'))).toBe(false);
    expect(fileMatches(upload, file(`${TEXT}x`))).toBe(false);
    expect(fileMatches(upload, file(TEXT, 'f.txt', 43))).toBe(false);
  });
});
