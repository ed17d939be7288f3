import type { CreateUploadResponse, SignPartsRequest, SignPutRequest } from '@stowage/contract';
import type { Clock } from './retry.js';
import type { PartSender } from './sendPart.js';
import type { UploadApi } from './uploadApi.js';

// Stand-ins for the console, the storage server and time, for the uploader's unit tests.

/** A Blob's text (jsdom's Blob has no text()). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Time that moves only when something sleeps; every sleep is recorded. */
export function fakeClock(start = 1_000_000): Clock & { sleeps: number[] } {
  let t = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

/** A storage server in memory: parts by number (a whole-file PUT is part 0), their bodies' text, an ETag per part. */
export function fakeServer(plan: Pick<CreateUploadResponse, 'part_size' | 'part_count'>) {
  const stored = new Map<number, { etag: string; size: number; text: string }>();
  const signCalls: SignPartsRequest[] = [];
  const signPutCalls: SignPutRequest[] = [];
  const completed: { part_number: number; etag: string; checksum?: string }[][] = [];
  let aborted = 0;
  const api: Pick<UploadApi, 'create' | 'sign' | 'signPut' | 'listParts' | 'complete' | 'abort'> = {
    create: async (_bucket, req) => ({
      key: req.key,
      upload_id: 'up-1',
      ...plan,
      ...(req.checksum_algorithm ? { checksum_algorithm: req.checksum_algorithm } : {}),
    }),
    sign: async (_bucket, req) => {
      signCalls.push(req);
      return {
        urls: req.part_numbers.map((n, i) => ({
          part_number: n,
          url: `https://s3.test/b/k?partNumber=${n}${req.checksums ? `&sum=${req.checksums[i]}` : ''}`,
        })),
        expires_at: new Date(2_000_000_000_000).toISOString(),
      };
    },
    signPut: async (_bucket, req) => {
      signPutCalls.push(req);
      return {
        url: `https://s3.test/b/k?whole=${signPutCalls.length}${req.checksum ? `&sum=${req.checksum}` : ''}`,
        expires_at: new Date(2_000_000_000_000).toISOString(),
      };
    },
    listParts: async () =>
      [...stored.entries()].map(([n, p]) => ({ part_number: n, etag: p.etag, size: p.size })),
    complete: async (_bucket, req) => {
      completed.push(req.parts);
      return { key: req.key, etag: `etag-of-${req.parts.length}` };
    },
    abort: async () => {
      aborted++;
    },
  };
  /** Fails the next `times` sends of a part with a network error. */
  const failures = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const sends: { part: number; headers: Record<string, string> }[] = [];
  const send: PartSender = async (url, body, headers, { onProgress }) => {
    const part = Number(new URL(url).searchParams.get('partNumber'));
    sends.push({ part, headers });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await Promise.resolve();
      const left = failures.get(part) ?? 0;
      if (left > 0) {
        failures.set(part, left - 1);
        throw new Error('the storage server cannot be reached');
      }
      const text = await blobText(body);
      onProgress?.(body.size);
      stored.set(part, { etag: `e${part}`, size: body.size, text });
      return `e${part}`;
    } finally {
      inFlight--;
    }
  };
  return {
    api,
    send,
    stored,
    signCalls,
    signPutCalls,
    completed,
    failures,
    sends,
    get aborted() {
      return aborted;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}
