import type { UploadChecksumAlgorithm } from '@stowage/contract';
import type { BandwidthLimit } from './bandwidth.js';
import { type ResumableUpload, type ResumeStore, resumeId } from './resumeStore.js';
import { type Clock, FinalError, type RetryPolicy, withRetry } from './retry.js';
import type { PartSender } from './sendPart.js';
import { type SessionGate, sessionAware } from './sessionGate.js';
import type { UploadApi } from './uploadApi.js';

// One file, straight from the browser to the storage server: the console starts the multipart
// upload and signs the part URLs; parts go up a few at a time, each retried on its own, and
// every stored part is written down (ResumeStore) so a reload loses nothing already sent.

/** Parts of one file in flight at once. */
export const PARTS_IN_FLIGHT = 4;
/** Part URLs signed per console call (without checksums; with them each URL is the part's own). */
const SIGN_BATCH = 16;
/** A URL this close to its expiry is signed again rather than used. */
const URL_MARGIN_MS = 60_000;

export interface MultipartDeps {
  api: Pick<UploadApi, 'create' | 'sign' | 'listParts' | 'complete' | 'abort'>;
  send: PartSender;
  store: ResumeStore;
  clock: Clock;
  limit?: BandwidthLimit;
  checksum?: { algorithm: UploadChecksumAlgorithm; of(part: Blob): Promise<string> };
  retry?: RetryPolicy;
  /** The user's session: console calls refused for a lapsed one wait for it to come back. */
  session?: SessionGate;
}

export interface MultipartHooks {
  /** Bytes stored or in flight, of the whole file. */
  onProgress?: (loaded: number) => void;
  onRetry?: (partNumber: number, err: unknown) => void;
  /** The upload exists on the server (its record is saved): it can be resumed from now on. */
  onStarted?: (upload: ResumableUpload) => void;
  /** True while the upload waits for its user to sign in again, false once it goes on. */
  onWaiting?: (waiting: boolean) => void;
  signal?: AbortSignal;
}

export interface NewUpload {
  bucket: string;
  key: string;
  file: File | Blob;
  contentType: string;
}

/** Some parts failed every try; the record stays, so the upload can be retried or resumed. */
export class PartsFailedError extends Error {
  constructor(
    readonly failedParts: number[],
    override readonly cause: unknown,
  ) {
    super(`${failedParts.length} part(s) failed: ${(cause as Error)?.message ?? cause}`);
  }
}

const fileFacts = (file: File | Blob) => ({
  fileName: 'name' in file ? file.name : '',
  fileSize: file.size,
  lastModified: 'lastModified' in file ? file.lastModified : 0,
});

/** Starts the upload on the server and records it. */
export async function createMultipart(
  job: NewUpload,
  deps: Pick<MultipartDeps, 'api' | 'store' | 'clock' | 'checksum' | 'session'>,
  hooks: Pick<MultipartHooks, 'onWaiting' | 'signal'> = {},
): Promise<ResumableUpload> {
  const created = await sessionAware(
    deps.session,
    hooks,
  )(() =>
    deps.api.create(job.bucket, {
      key: job.key,
      size: job.file.size,
      content_type: job.contentType,
      ...(deps.checksum ? { checksum_algorithm: deps.checksum.algorithm } : {}),
    }),
  );
  const upload: ResumableUpload = {
    id: resumeId(job.bucket, job.key, created.upload_id),
    bucket: job.bucket,
    key: job.key,
    uploadId: created.upload_id,
    partSize: created.part_size,
    partCount: created.part_count,
    contentType: job.contentType,
    ...(created.checksum_algorithm ? { checksumAlgorithm: created.checksum_algorithm } : {}),
    ...fileFacts(job.file),
    parts: {},
    startedAt: deps.clock.now(),
  };
  await deps.store.put(upload);
  return upload;
}

const partRange = (upload: ResumableUpload, n: number) => {
  const start = (n - 1) * upload.partSize;
  return { start, end: Math.min(upload.fileSize, start + upload.partSize) };
};

/**
 * Sends the parts the upload lacks and completes it; resolves with the object's ETag. With
 * `resume`, the server's list of stored parts is the truth (a part sent just before a reload
 * may be stored without being written down).
 */
export async function runMultipart(
  upload: ResumableUpload,
  file: Blob,
  deps: MultipartDeps,
  hooks: MultipartHooks & { resume?: boolean } = {},
): Promise<{ etag: string; versionId?: string }> {
  const { signal } = hooks;
  const viaConsole = sessionAware(deps.session, hooks);
  const done = new Map<number, { etag: string; checksum?: string }>(
    Object.entries(upload.parts).map(([n, p]) => [Number(n), p]),
  );
  if (hooks.resume) {
    const stored = await viaConsole(() => deps.api.listParts(upload.bucket, upload.key, upload.uploadId));
    const onServer = new Map(stored.map((p) => [p.part_number, p]));
    for (const n of [...done.keys()]) if (!onServer.has(n)) done.delete(n);
    for (const p of stored) {
      const { start, end } = partRange(upload, p.part_number);
      // A part of the wrong size was cut differently: send it again.
      if (p.size !== end - start) {
        done.delete(p.part_number);
        continue;
      }
      const known = done.get(p.part_number);
      if (!known || known.etag !== p.etag) done.set(p.part_number, { etag: p.etag });
    }
  }
  hooks.onStarted?.(upload);
  const inFlight = new Map<number, number>();
  const sizeOf = (n: number) => {
    const { start, end } = partRange(upload, n);
    return end - start;
  };
  const report = () => {
    let loaded = 0;
    for (const n of done.keys()) loaded += sizeOf(n);
    for (const bytes of inFlight.values()) loaded += bytes;
    hooks.onProgress?.(Math.min(loaded, upload.fileSize));
  };
  report();

  const pending: number[] = [];
  for (let n = 1; n <= upload.partCount; n++) if (!done.has(n)) pending.push(n);
  const signed = new Map<number, { url: string; expiresAt: number }>();
  const algorithm = deps.checksum && upload.checksumAlgorithm ? deps.checksum : undefined;

  const urlFor = async (n: number, checksum: string | undefined): Promise<string> => {
    if (checksum !== undefined && algorithm) {
      const res = await viaConsole(() =>
        deps.api.sign(upload.bucket, {
          key: upload.key,
          upload_id: upload.uploadId,
          part_numbers: [n],
          checksum_algorithm: algorithm.algorithm,
          checksums: [checksum],
        }),
      );
      return res.urls[0]!.url;
    }
    const cached = signed.get(n);
    if (cached && cached.expiresAt - URL_MARGIN_MS > deps.clock.now()) return cached.url;
    // This part and the next ones waiting: one console call for several parts.
    const batch = [n, ...pending.filter((p) => p !== n && !signed.has(p)).slice(0, SIGN_BATCH - 1)];
    const res = await viaConsole(() =>
      deps.api.sign(upload.bucket, { key: upload.key, upload_id: upload.uploadId, part_numbers: batch }),
    );
    const expiresAt = new Date(res.expires_at).getTime();
    for (const u of res.urls) signed.set(u.part_number, { url: u.url, expiresAt });
    return signed.get(n)!.url;
  };

  const sendOne = async (n: number) => {
    const { start, end } = partRange(upload, n);
    const body = file.slice(start, end);
    const checksum = algorithm ? await algorithm.of(body) : undefined;
    const etag = await withRetry(
      async (attempt) => {
        // A failed URL may have expired, or the session was refreshed: sign again.
        if (attempt > 1) signed.delete(n);
        await deps.limit?.take(body.size, signal);
        const url = await urlFor(n, checksum);
        const headers: Record<string, string> =
          checksum && algorithm ? { [`x-amz-checksum-${algorithm.algorithm.toLowerCase()}`]: checksum } : {};
        try {
          return await deps.send(url, body, headers, {
            ...(signal ? { signal } : {}),
            onProgress: (loaded) => {
              inFlight.set(n, loaded);
              report();
            },
          });
        } finally {
          inFlight.delete(n);
        }
      },
      {
        clock: deps.clock,
        ...(deps.retry ? { policy: deps.retry } : {}),
        ...(signal ? { signal } : {}),
        onRetry: (err) => hooks.onRetry?.(n, err),
      },
    );
    signed.delete(n);
    done.set(n, checksum ? { etag, checksum } : { etag });
    upload.parts = Object.fromEntries(done);
    await deps.store.put(upload);
    report();
  };

  const failed: number[] = [];
  let lastError: unknown;
  const worker = async () => {
    for (let n = pending.shift(); n !== undefined; n = pending.shift()) {
      try {
        await sendOne(n);
      } catch (err) {
        if (signal?.aborted || err instanceof FinalError) throw err;
        failed.push(n);
        lastError = err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARTS_IN_FLIGHT, pending.length || 1) }, worker));
  if (failed.length > 0)
    throw new PartsFailedError(
      failed.sort((a, b) => a - b),
      lastError,
    );

  // Parts stored before a reload lack their checksum in the record: hash them again.
  if (algorithm)
    for (const [n, p] of done)
      if (!p.checksum) {
        const { start, end } = partRange(upload, n);
        done.set(n, { ...p, checksum: await algorithm.of(file.slice(start, end)) });
      }
  const result = await viaConsole(() =>
    deps.api.complete(upload.bucket, {
      key: upload.key,
      upload_id: upload.uploadId,
      ...(algorithm ? { checksum_algorithm: algorithm.algorithm } : {}),
      parts: [...done.entries()]
        .sort(([a], [b]) => a - b)
        .map(([n, p]) => ({ part_number: n, etag: p.etag, ...(p.checksum ? { checksum: p.checksum } : {}) })),
    }),
  );
  await deps.store.delete(upload.id);
  return { etag: result.etag, ...(result.version_id ? { versionId: result.version_id } : {}) };
}

/** Cancels an upload on the server and forgets it. */
export async function abortMultipart(
  upload: Pick<ResumableUpload, 'id' | 'bucket' | 'key' | 'uploadId'>,
  deps: Pick<MultipartDeps, 'api' | 'store'>,
): Promise<void> {
  await deps.store.delete(upload.id);
  await deps.api.abort(upload.bucket, upload.key, upload.uploadId);
}
