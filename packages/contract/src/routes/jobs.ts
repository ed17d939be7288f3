import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName } from './bucket-names.js';

// Bulk jobs (issue 41): one change applied to every object under a prefix, or to keys and
// folders picked in the listing, run by the console in the background with credentials of its
// own for the job, kept in the console's database so that a restart goes on where it stopped.

export const JOB_KINDS: readonly JobKind[] = [
  'delete',
  'copy',
  'move',
  'set-tags',
  'set-retention',
  'set-legal-hold',
  'set-storage-class',
];
export const JobKind = Type.Union(
  [
    Type.Literal('delete'),
    Type.Literal('copy'),
    Type.Literal('move'),
    Type.Literal('set-tags'),
    Type.Literal('set-retention'),
    Type.Literal('set-legal-hold'),
    Type.Literal('set-storage-class'),
  ],
  { $id: 'JobKind' },
);
export type JobKind = Static<typeof JobKind>;

/** Kinds that remove or relocate data: starting one needs the prefix typed again. */
export const DESTRUCTIVE_JOB_KINDS: readonly JobKind[] = ['delete', 'move'];

export const JOB_STATES: readonly JobState[] = [
  'running',
  'paused',
  'cancelled',
  'completed',
  'failed',
] as const;
export const JobState = Type.Union(
  [
    Type.Literal('running'),
    Type.Literal('paused'),
    Type.Literal('cancelled'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ],
  { $id: 'JobState' },
);
export type JobState = Static<typeof JobState>;

/** Picked keys a job accepts (the listing's selection); more is a prefix job. */
export const MAX_JOB_KEYS = 10000;

const objectKey = Type.String({ minLength: 1, maxLength: 1024 });
const prefix = Type.String({ maxLength: 1024 });
const bucket = BucketName;

export const JobOptions = Type.Object(
  {
    /** copy, move: where the keys go, the part below the job's prefix kept. */
    destination: Type.Optional(Type.Object({ bucket, prefix }, { additionalProperties: false })),
    /** set-tags: the object's whole tag set (empty removes every tag). */
    tags: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Type.String({ maxLength: 256 })),
    ),
    /** set-retention. */
    retention: Type.Optional(
      Type.Object(
        {
          mode: Type.Union([Type.Literal('governance'), Type.Literal('compliance')]),
          until: Type.String({ format: 'date-time' }),
          governance_bypass: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    /** set-legal-hold. */
    legal_hold: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
    /** set-storage-class: STANDARD, REDUCED_REDUNDANCY, or a tier the server knows. */
    storage_class: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Z0-9_-]+$' })),
  },
  { $id: 'JobOptions', additionalProperties: false },
);
export type JobOptions = Static<typeof JobOptions>;

export const JobRequest = Type.Object(
  {
    kind: JobKind,
    bucket,
    /** The folder the job acts in ('' is the whole bucket). */
    prefix,
    /** Keys and folders (ending in '/') under `prefix`; absent means everything under it. */
    keys: Type.Optional(Type.Array(objectKey, { minItems: 1, maxItems: MAX_JOB_KEYS })),
    options: Type.Optional(JobOptions),
    /** Destructive kinds: the prefix typed again (the bucket's name when the prefix is ''). */
    confirm: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { $id: 'JobRequest', additionalProperties: false },
);
export type JobRequest = Static<typeof JobRequest>;

export const JobDryRun = Type.Object(
  {
    count: Type.Integer(),
    bytes: Type.Integer(),
    /** The first keys in order, to show what will be touched. */
    sample: Type.Array(Type.String()),
    /** false when the count stopped at the dry run's limit: there are at least this many. */
    complete: Type.Boolean(),
  },
  { $id: 'JobDryRun' },
);
export type JobDryRun = Static<typeof JobDryRun>;

const tally = Type.Object({ count: Type.Integer(), bytes: Type.Integer() });

export const Job = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union([JobKind, Type.Literal('undo')]),
    bucket: Type.String(),
    prefix: Type.String(),
    /** How many keys and folders were picked; absent for a whole prefix. */
    picked: Type.Optional(Type.Integer()),
    options: JobOptions,
    state: JobState,
    owner: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
    finished_at: Type.Optional(Type.String()),
    done: tally,
    failed: tally,
    /** The first failures (the report has every key). */
    errors: Type.Array(Type.Object({ key: Type.String(), message: Type.String() })),
    /** Why the job stopped, when it failed as a whole. */
    error: Type.Optional(Type.String()),
    /** The job this one undoes. */
    undo_of: Type.Optional(Type.String()),
    undo: Type.Object({ available: Type.Boolean(), reason: Type.Optional(Type.String()) }),
  },
  { $id: 'Job' },
);
export type Job = Static<typeof Job>;

export const JobList = Type.Object({ jobs: Type.Array(Job) }, { $id: 'JobList' });
export type JobList = Static<typeof JobList>;

const jobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const ONE_JOB = { 200: Job, ...CALL_ERRORS, 404: ApiErrorBody, 409: ApiErrorBody } as const;

export const dryRunJob = defineRoute({
  id: 'dryRunJob',
  method: 'POST',
  path: '/jobs/dry-run',
  summary: 'What a bulk job would touch: count, bytes and the first keys, changing nothing',
  tag: 'jobs',
  auth: true,
  body: JobRequest,
  responses: { 200: JobDryRun, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const createJob = defineRoute({
  id: 'createJob',
  method: 'POST',
  path: '/jobs',
  summary: 'Starts a bulk job',
  tag: 'jobs',
  auth: true,
  body: JobRequest,
  responses: { 201: Job, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const listJobs = defineRoute({
  id: 'listJobs',
  method: 'GET',
  path: '/jobs',
  summary: "The session's user's bulk jobs, newest first",
  tag: 'jobs',
  auth: true,
  responses: { 200: JobList, ...CALL_ERRORS },
});

export const getJob = defineRoute({
  id: 'getJob',
  method: 'GET',
  path: '/jobs/:id',
  summary: 'One bulk job and its progress',
  tag: 'jobs',
  auth: true,
  params: jobParams,
  responses: ONE_JOB,
});

const control = (id: string, verb: string, summary: string) =>
  defineRoute({
    id,
    method: 'POST',
    path: `/jobs/:id/${verb}`,
    summary,
    tag: 'jobs',
    auth: true,
    params: jobParams,
    responses: ONE_JOB,
  });

export const pauseJob = control('pauseJob', 'pause', 'Pauses a running job after the key in hand');
export const resumeJob = control('resumeJob', 'resume', 'Resumes a paused job where it stopped');
export const cancelJob = control('cancelJob', 'cancel', 'Cancels a job; what it did stays done');
export const retryJob = control(
  'retryJob',
  'retry',
  'Runs a failed job again from where it stopped, under a new account of its own',
);

export const undoJob = defineRoute({
  id: 'undoJob',
  method: 'POST',
  path: '/jobs/:id/undo',
  summary: 'Starts a job that undoes a finished delete (versioned bucket) or move',
  tag: 'jobs',
  auth: true,
  params: jobParams,
  responses: { 201: Job, ...CALL_ERRORS, 404: ApiErrorBody, 409: ApiErrorBody },
});

export const getJobReport = defineRoute({
  id: 'getJobReport',
  method: 'GET',
  path: '/jobs/:id/report',
  summary: 'The job report: one JSON line a key (key, outcome, bytes, message)',
  tag: 'jobs',
  auth: true,
  params: jobParams,
  responses: { 200: Type.String(), ...CALL_ERRORS, 404: ApiErrorBody },
  media: { response: 'application/octet-stream' },
});
