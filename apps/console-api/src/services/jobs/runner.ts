import type { Credentials } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import type { StorageGateway } from '../../clients/storage.js';
import { fetchListing } from '../objects/list.js';
import { deleteJobCredentials } from './credentials.js';
import { actionOf, errorText, type JobObject } from './kinds.js';
import { headObject } from './s3-ops.js';
import { type Cursor, type SelectionSource, START, selectionPages } from './selection.js';
import type { JobRecord, JobStore } from './store.js';

// Runs jobs in the background of the console: each job a loop over its pages that records the
// keys it handled and its cursor after every page, and looks at its state between pages (a
// pause or cancel lands there). At start the console picks up every job left running: it goes
// on from its cursor, and keys of a page it had half done are found handled and skipped.

export interface JobRunnerOptions {
  store: JobStore;
  gateway: StorageGateway;
  /** Called after each page is recorded (tests pace jobs with it, to stop one midway). */
  afterPage?: (job: JobRecord) => Promise<void>;
  log?: (line: string) => void;
}

/** A bucket as the selection walk reads it: ListObjectsV2 from a key, HeadObject. */
export function bucketSource(s3: S3Client, bucket: string): SelectionSource {
  return {
    async list(prefix, startAfter, limit, token) {
      const page = await fetchListing(s3, bucket, {
        'list-type': '2',
        prefix,
        'encoding-type': 'url',
        'max-keys': String(limit),
        ...(token ? { 'continuation-token': token } : startAfter ? { 'start-after': startAfter } : {}),
      });
      return {
        objects: page.entries.flatMap((e) =>
          e.name === undefined ? [] : [{ key: e.name, size: e.size ?? 0, etag: e.etag ?? '' }],
        ),
        next: page.isTruncated ? page.nextContinuationToken : undefined,
      };
    },
    head: (key) => headObject(s3, bucket, key),
  };
}

/** An undo job's pages: the keys its job handled, in order; the cursor is the last one's seq. */
async function* undoPages(store: JobStore, original: JobRecord, from: Cursor, limit: number) {
  let seq = from.item;
  for (;;) {
    const keys = store.handledKeys(original.id, seq, limit, 'done');
    if (keys.length === 0) return;
    seq = keys[keys.length - 1]!.seq;
    const objects: JobObject[] = keys.map((k) => ({
      key: k.key,
      size: k.bytes,
      etag: '',
      versionId: k.versionId,
    }));
    yield { objects, cursor: { item: seq, after: '' } };
  }
}

export class JobRunner {
  private readonly loops = new Map<string, Promise<void>>();
  private closing = false;

  constructor(private readonly opts: JobRunnerOptions) {}

  /** Goes on with every job a previous console left running. */
  resumeLeftRunning(): void {
    for (const job of this.opts.store.inState('running')) this.start(job.id);
  }

  /** Runs the job unless it is already running here. */
  start(id: string): void {
    if (this.closing || this.loops.has(id)) return;
    const loop = this.run(id)
      .catch((err: unknown) => this.opts.log?.(`job ${id}: ${errorText(err)}`))
      .finally(() => this.loops.delete(id));
    this.loops.set(id, loop);
  }

  /** The job's loop, if it runs here: to await its stop after a pause or cancel. */
  settled(id: string): Promise<void> {
    return this.loops.get(id) ?? Promise.resolve();
  }

  /** Stops every loop after its page in hand (their jobs stay running, for the next console). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.loops.values());
  }

  private async run(id: string): Promise<void> {
    const { store, gateway } = this.opts;
    let job = store.get(id);
    if (job?.state !== 'running') return;
    const credentials = store.credentials(job);
    if (!credentials) {
      store.setState(id, 'failed', 'the credentials of this job are gone');
      return;
    }
    const original = job.undoOf ? store.get(job.undoOf) : undefined;
    const action = actionOf(job.kind);
    const s3 = gateway.s3(credentials);
    const from = job.cursor ?? START;
    let cursor = from;
    const pages =
      job.kind === 'undo' && original
        ? undoPages(store, original, from, action.pageSize)
        : selectionPages(job.selection, bucketSource(s3, job.bucket), from, action.pageSize);
    try {
      for await (const page of pages) {
        const todo = page.objects.filter((o) => !store.isHandled(id, o.key));
        const missing = todo.filter((o) => o.missing);
        const present = todo.filter((o) => !o.missing);
        const outcomes = present.length > 0 ? await action.apply(s3, job, present, original) : [];
        if (this.closing) {
          // The console is closing and its store may be going too: what was done is kept, the
          // cursor stays before the page, and the next console redoes the rest of it.
          store.recordPage(
            id,
            outcomes.filter((o) => o.error === undefined),
            cursor,
          );
          return;
        }
        store.recordPage(
          id,
          [
            ...outcomes,
            ...missing.map((o) => ({ key: o.key, bytes: 0, error: 'the object no longer exists' })),
          ],
          page.cursor,
        );
        cursor = page.cursor;
        job = store.get(id)!;
        if (this.closing || job.state !== 'running') return this.stopped(job, credentials);
        await this.opts.afterPage?.(job);
        job = store.get(id)!;
        if (this.closing || job.state !== 'running') return this.stopped(job, credentials);
      }
      store.setState(id, 'completed');
    } catch (err) {
      if (this.closing) return;
      store.setState(id, 'failed', errorText(err));
    }
    await this.release(store.get(id)!, credentials);
  }

  /** A loop that stopped for a cancel lets go of the job's account; a pause keeps it. */
  private async stopped(job: JobRecord, credentials: Credentials): Promise<void> {
    if (job.state === 'cancelled') await this.release(job, credentials);
  }

  /** Deletes the job's account, or leaves it for the owner's next call (and its expiry). */
  async release(job: JobRecord, own: Credentials | undefined, owner?: Credentials): Promise<void> {
    if (!job.accessKey) return;
    const gone = await deleteJobCredentials(this.opts.gateway, job.accessKey, own, owner);
    this.opts.store.releaseCredentials(job.id, !gone);
    if (!gone)
      this.opts.log?.(`job ${job.id}: its service account ${job.accessKey} is left for its owner to delete`);
  }
}
