import { planParts, type UploadSettings } from '@stowage/contract';
import {
  type MultipartDeps,
  type MultipartHooks,
  type NewUpload,
  PartsFailedError,
} from './multipartUpload.js';
import { FinalError, withRetry } from './retry.js';
import { sessionAware } from './sessionGate.js';
import type { UploadApi } from './uploadApi.js';

// A file that fits in one part goes up in one signed PutObject: one console call and one
// request instead of a multipart upload's create, sign, part and complete, and the object's
// ETag is its MD5, as other S3 clients' small uploads get (tools that compare ETags with MD5s
// then agree). A failed PUT is sent again whole, at most a part's worth; nothing is left on
// the server to resume or abort.

export type SinglePutDeps = Pick<
  MultipartDeps,
  'send' | 'clock' | 'limit' | 'checksum' | 'retry' | 'session'
> & {
  api: Pick<UploadApi, 'signPut'>;
};

/** Whether a file goes up in one PUT: it fits in the one part the console would plan for it. */
export function fitsOnePut(size: number, settings: Pick<UploadSettings, 'max_part_bytes'>): boolean {
  return planParts(size, settings.max_part_bytes)?.partCount === 1;
}

/** PUTs the whole file to a URL the console signs; resolves with the object's ETag. */
export async function putWhole(
  job: NewUpload,
  deps: SinglePutDeps,
  hooks: Pick<MultipartHooks, 'onProgress' | 'onRetry' | 'onWaiting' | 'signal'> = {},
): Promise<{ etag: string }> {
  const { signal } = hooks;
  const viaConsole = sessionAware(deps.session, hooks);
  const algorithm = deps.checksum;
  const checksum = algorithm ? await algorithm.of(job.file) : undefined;
  const sign = () =>
    viaConsole(() =>
      deps.api.signPut(job.bucket, {
        key: job.key,
        size: job.file.size,
        ...(algorithm && checksum ? { checksum_algorithm: algorithm.algorithm, checksum } : {}),
      }),
    );
  const headers: Record<string, string> = { 'Content-Type': job.contentType };
  if (algorithm && checksum) headers[`x-amz-checksum-${algorithm.algorithm.toLowerCase()}`] = checksum;
  // Signed before the first try: a refusal (no permission, a bad name) ends the upload at once.
  let signed = await sign();
  const etag = await withRetry(
    async (attempt) => {
      // A failed URL may have expired, or the session was refreshed: sign again.
      if (attempt > 1) signed = await sign();
      await deps.limit?.take(job.file.size, signal);
      return deps.send(signed.url, job.file, headers, {
        ...(signal ? { signal } : {}),
        ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
      });
    },
    {
      clock: deps.clock,
      ...(deps.retry ? { policy: deps.retry } : {}),
      ...(signal ? { signal } : {}),
      onRetry: (err) => hooks.onRetry?.(1, err),
    },
  ).catch((err: unknown) => {
    // As a multipart upload's failed part: the panel offers to send it again.
    if (signal?.aborted || err instanceof FinalError) throw err;
    throw new PartsFailedError([1], err);
  });
  hooks.onProgress?.(job.file.size);
  return { etag };
}
