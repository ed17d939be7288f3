import { Readable } from 'node:stream';
import { DESTRUCTIVE_JOB_KINDS, type Job, type JobDryRun, type JobRequest } from '@stowage/contract';
import type { Credentials } from '@stowage/madmin';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';
import { getVersioning } from '../buckets/settings.js';
import { createJobCredentials, deleteJobCredentials } from './credentials.js';
import { actionOf } from './kinds.js';
import type { JobRunner } from './runner.js';
import { bucketSource } from './runner.js';
import { type Selection, SelectionError, selectionItems, selectionPages } from './selection.js';
import type { JobRecord, JobStore, NewJob } from './store.js';

// Bulk jobs as the API offers them: a dry run, then a job checked, given credentials of its own
// and handed to the runner; its view, its controls, its report and its undo. A job belongs to
// the user who started it: another user's job is a 404 here, as if it did not exist.

/** Keys a dry run counts at most; past it the count says "at least". */
export const DRY_RUN_LIMIT = 100_000;
/** Keys a dry run shows. */
export const DRY_RUN_SAMPLE = 20;
/** Failures a job's view shows (the report has every key). */
const VIEW_ERRORS = 20;
const REPORT_PAGE = 1000;

export interface JobCaller {
  owner: string;
  credentials: Credentials;
}

/** The selection of a request, checked: picked keys under its prefix. */
function selectionOf(req: JobRequest): Selection {
  const selection: Selection = { prefix: req.prefix, ...(req.keys ? { keys: req.keys } : {}) };
  try {
    selectionItems(selection);
  } catch (err) {
    if (err instanceof SelectionError) throw new ApiError('badRequest', `body/keys: ${err.message}`);
    throw err;
  }
  return selection;
}

const hasPrefixOverlap = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/** What each kind needs in its options, and the confirmation a destructive kind asks for. */
function checkRequest(req: JobRequest, now: Date): void {
  const options = req.options ?? {};
  const need = (field: keyof typeof options, what: string) => {
    if (options[field] === undefined)
      throw new ApiError(
        'badRequest',
        `body/options/${field} is required`,
        `a ${req.kind} job needs ${what}`,
      );
  };
  if (req.kind === 'copy' || req.kind === 'move') {
    need('destination', 'a destination');
    const dest = options.destination!;
    if (dest.bucket === req.bucket && hasPrefixOverlap(dest.prefix, req.prefix))
      throw new ApiError(
        'badRequest',
        'body/options/destination must not be inside the source or contain it',
        'the destination overlaps the keys being copied',
      );
  }
  if (req.kind === 'set-tags') need('tags', 'the tags to set');
  if (req.kind === 'set-legal-hold') need('legal_hold', 'on or off');
  if (req.kind === 'set-storage-class') need('storage_class', 'a storage class');
  if (req.kind === 'set-retention') {
    need('retention', 'a retention mode and date');
    if (!(Date.parse(options.retention!.until) > now.getTime()))
      throw new ApiError('badRequest', 'body/options/retention/until must be in the future');
  }
}

/** What a destructive job asks to be typed again: its prefix, or the bucket's name for all of it. */
export const confirmationOf = (req: Pick<JobRequest, 'bucket' | 'prefix'>) => req.prefix || req.bucket;

function checkConfirmation(req: JobRequest): void {
  if (!DESTRUCTIVE_JOB_KINDS.includes(req.kind)) return;
  const expected = confirmationOf(req);
  if (req.confirm !== expected)
    throw new ApiError(
      'badRequest',
      `body/confirm must be ${JSON.stringify(expected)}`,
      `type ${req.prefix ? 'the prefix' : "the bucket's name"} again to confirm this ${req.kind} job`,
    );
}

export class JobService {
  constructor(
    private readonly store: JobStore,
    private readonly runner: JobRunner,
    private readonly gateway: StorageGateway,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async dryRun(caller: JobCaller, req: JobRequest): Promise<JobDryRun> {
    checkRequest(req, this.now());
    const selection = selectionOf(req);
    const s3 = this.gateway.s3(caller.credentials);
    await this.requireBucket(caller, req.bucket);
    let count = 0;
    let bytes = 0;
    const sample: string[] = [];
    for await (const page of selectionPages(selection, bucketSource(s3, req.bucket))) {
      for (const o of page.objects) {
        if (o.missing) continue;
        if (count === DRY_RUN_LIMIT) return { count, bytes, sample, complete: false };
        count += 1;
        bytes += o.size;
        if (sample.length < DRY_RUN_SAMPLE) sample.push(o.key);
      }
    }
    return { count, bytes, sample, complete: true };
  }

  async create(caller: JobCaller, req: JobRequest): Promise<Job> {
    checkRequest(req, this.now());
    checkConfirmation(req);
    const selection = selectionOf(req);
    const versioned = await this.requireBucket(caller, req.bucket);
    if (req.options?.destination) await this.requireBucket(caller, req.options.destination.bucket);
    return this.launch(caller, {
      owner: caller.owner,
      kind: req.kind,
      bucket: req.bucket,
      selection,
      options: req.options ?? {},
      versioned,
    });
  }

  list(caller: JobCaller): Job[] {
    return this.store.listByOwner(caller.owner).map((job) => this.view(job));
  }

  get(caller: JobCaller, id: string): Job {
    return this.view(this.own(caller, id));
  }

  pause(caller: JobCaller, id: string): Job {
    const job = this.own(caller, id);
    if (job.state !== 'running') throw new ApiError('conflict', `the job is ${job.state}, not running`);
    this.store.setState(id, 'paused');
    return this.get(caller, id);
  }

  resume(caller: JobCaller, id: string): Job {
    const job = this.own(caller, id);
    if (job.state !== 'paused') throw new ApiError('conflict', `the job is ${job.state}, not paused`);
    this.store.setState(id, 'running');
    this.runner.start(id);
    return this.get(caller, id);
  }

  /**
   * Runs a failed job again from where it stopped (its cursor), under a new account with the
   * same rights: the keys it handled stay handled, their failures stay in the report.
   */
  async retry(caller: JobCaller, id: string): Promise<Job> {
    const job = this.own(caller, id);
    if (job.state !== 'failed') throw new ApiError('conflict', `the job is ${job.state}, not failed`);
    // An account its failure could not delete goes first: a job holds one account at a time.
    if (job.accessKey) await this.runner.release(job, this.store.credentials(job), caller.credentials);
    const credentials = await this.credentialsFor(caller, job);
    if (!this.store.restart(id, credentials)) {
      // Retried twice at once: the other call won; this account is not needed.
      await deleteJobCredentials(this.gateway, credentials.accessKey, credentials, caller.credentials);
      throw new ApiError('conflict', 'the job is being retried already');
    }
    this.runner.start(id);
    return this.get(caller, id);
  }

  async cancel(caller: JobCaller, id: string): Promise<Job> {
    const job = this.own(caller, id);
    if (job.state !== 'running' && job.state !== 'paused')
      throw new ApiError('conflict', `the job is ${job.state} already`);
    this.store.setState(id, 'cancelled');
    await this.runner.settled(id);
    const after = this.store.get(id)!;
    if (after.accessKey) await this.runner.release(after, this.store.credentials(after), caller.credentials);
    return this.get(caller, id);
  }

  async undo(caller: JobCaller, id: string): Promise<Job> {
    const job = this.own(caller, id);
    const undo = this.undoOf(job);
    if (!undo.available) throw new ApiError('conflict', undo.reason ?? 'this job cannot be undone');
    return this.launch(caller, {
      owner: caller.owner,
      kind: 'undo',
      bucket: job.bucket,
      selection: job.selection,
      options: job.options,
      versioned: job.versioned,
      undoOf: job.id,
    });
  }

  /** The report: one JSON line a handled key, in the order the job handled them. */
  report(caller: JobCaller, id: string): Readable {
    const job = this.own(caller, id);
    const store = this.store;
    return Readable.from(
      (async function* () {
        let seq = 0;
        for (;;) {
          const keys = store.handledKeys(job.id, seq, REPORT_PAGE);
          if (keys.length === 0) return;
          seq = keys[keys.length - 1]!.seq;
          yield keys
            .map(
              (k) =>
                `${JSON.stringify({
                  key: k.key,
                  outcome: k.outcome,
                  bytes: k.bytes,
                  ...(k.versionId ? { version_id: k.versionId } : {}),
                  ...(k.message ? { message: k.message } : {}),
                })}\n`,
            )
            .join('');
        }
      })(),
    );
  }

  /** Deletes the accounts of the caller's ended jobs that could not delete them themselves. */
  async cleanUp(caller: JobCaller): Promise<void> {
    for (const job of this.store.pendingCredentials(caller.owner))
      await this.runner.release(job, undefined, caller.credentials);
  }

  private async launch(caller: JobCaller, spec: NewJob): Promise<Job> {
    const credentials = await this.credentialsFor(caller, spec);
    const job = this.store.insert(spec, credentials);
    this.runner.start(job.id);
    return this.view(job);
  }

  /** A new account for the job, with no more rights than its kind needs on its keys. */
  private credentialsFor(caller: JobCaller, spec: NewJob): Promise<Credentials> {
    const original = spec.undoOf ? this.store.get(spec.undoOf) : undefined;
    const statements = actionOf(spec.kind).statements(spec, original);
    return createJobCredentials(this.gateway.admin(caller.credentials), statements, this.now());
  }

  /** The bucket exists for the caller; answers whether it keeps versions. */
  private async requireBucket(caller: JobCaller, bucket: string): Promise<boolean> {
    return (await getVersioning(this.gateway, caller.credentials, bucket)).is_versioned;
  }

  private own(caller: JobCaller, id: string): JobRecord {
    const job = this.store.get(id);
    if (!job || job.owner !== caller.owner) throw new ApiError('notFound', `no job ${id}`);
    return job;
  }

  private undoOf(job: JobRecord): Job['undo'] {
    const no = (reason: string) => ({ available: false, reason });
    if (job.kind === 'undo') return no('an undo cannot itself be undone');
    if (job.kind !== 'delete' && job.kind !== 'move') return no('only a delete or a move can be undone');
    if (job.state === 'running' || job.state === 'paused') return no('the job has not ended');
    if (job.kind === 'delete' && !job.versioned)
      return no('the bucket does not keep versions: deleted objects cannot be brought back');
    const undoneBy = this.store.undoneBy(job.id);
    if (undoneBy) return no(`job ${undoneBy} undoes it`);
    if (job.done.count === 0) return no('the job changed nothing');
    return { available: true };
  }

  private view(job: JobRecord): Job {
    return {
      id: job.id,
      kind: job.kind,
      bucket: job.bucket,
      prefix: job.selection.prefix,
      ...(job.selection.keys ? { picked: job.selection.keys.length } : {}),
      options: job.options,
      state: job.state,
      owner: job.owner,
      created_at: job.createdAt,
      updated_at: job.updatedAt,
      ...(job.finishedAt ? { finished_at: job.finishedAt } : {}),
      done: job.done,
      failed: job.failed,
      errors: this.store.firstErrors(job.id, VIEW_ERRORS),
      ...(job.error ? { error: job.error } : {}),
      ...(job.undoOf ? { undo_of: job.undoOf } : {}),
      undo: this.undoOf(job),
    };
  }
}
