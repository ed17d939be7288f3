import type { UploadSettings } from '@stowage/contract';
import { currentSession } from '../../api/sessionEvents.js';
import { uploadFile } from '../../api/upload.js';
import { createStore, useStore } from '../../lib/externalStore.js';
import { setUploadsAwaitingSignIn } from './awaitingSignIn.js';
import { BandwidthLimit } from './uploads/bandwidth.js';
import { checksumAlgorithm, partChecksum } from './uploads/checksum.js';
import {
  abortMultipart,
  createMultipart,
  type MultipartDeps,
  PartsFailedError,
  runMultipart,
} from './uploads/multipartUpload.js';
import { canReachServer } from './uploads/probe.js';
import { etaSeconds, RateMeter } from './uploads/rate.js';
import {
  browserResumeStore,
  fileMatches,
  type ResumableUpload,
  type ResumeStore,
} from './uploads/resumeStore.js';
import { type Clock, realClock } from './uploads/retry.js';
import { type PartSender, sendPart } from './uploads/sendPart.js';
import { sessionGate } from './uploads/sessionGate.js';
import { fitsOnePut, putWhole } from './uploads/singlePut.js';
import { type UploadApi, uploadApi } from './uploads/uploadApi.js';

// The uploads in flight and just finished, kept outside React so they carry on (and stay
// listed) while the user moves around the console. Two files go up at a time: enough to keep
// the link busy without one huge file starving the rest. Each goes straight to the storage
// server in presigned parts, or in one presigned PUT when it fits in one part (uploads/), or
// through the console when the server says so or the browser cannot reach the server.

export type TransferStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface Transfer {
  id: number;
  bucket: string;
  prefix: string;
  name: string;
  /** The object's key (prefix and name). */
  key: string;
  size: number;
  loaded: number;
  status: TransferStatus;
  error?: string;
  /** Parts sent again after a failure. */
  retries: number;
  /** Parts that failed every try: "Retry" sends them again. */
  failedParts?: number;
  /** Bytes per second, over the last seconds. */
  speed?: number;
  /** Seconds left at that speed. */
  eta?: number;
  /** direct: to the storage server; proxy: through the console. */
  route?: 'direct' | 'proxy';
  /** The account that started it: only its sessions sign its parts. */
  owner?: string;
  /** The session ended: the upload waits for its owner to sign in again. */
  awaitingSignIn?: boolean;
}

export interface UploadBatchResult {
  bucket: string;
  prefix: string;
  failed: number;
  done: number;
}

const CONCURRENT = 2;

interface Environment {
  api: UploadApi;
  send: PartSender;
  store: ResumeStore;
  clock: Clock;
  probe: (serverUrl: string, bucket: string) => Promise<boolean>;
  checksums: boolean;
}

let env: Environment | undefined;
const environment = (): Environment => {
  env ??= {
    api: uploadApi,
    send: sendPart,
    store: browserResumeStore(),
    clock: realClock,
    probe: canReachServer,
    checksums: true,
  };
  return env;
};

/** Tests swap the network, the clock and the store. */
export function configureUploads(overrides: Partial<Environment>) {
  env = { ...environment(), ...overrides };
  limit = new BandwidthLimit(env.clock);
  settings = undefined;
  reachable.clear();
}

let limit = new BandwidthLimit(realClock);
/** The panel's bandwidth limit, in bytes per second (0: none). */
export const bandwidthLimit = createStore(0);
export function setBandwidthLimit(bytesPerSecond: number) {
  limit.set(bytesPerSecond);
  bandwidthLimit.set(bytesPerSecond);
}

const transfers = createStore<readonly Transfer[]>([]);
/** Uploads a reload interrupted (from the ResumeStore), waiting for their file. */
const unfinished = createStore<readonly ResumableUpload[]>([]);
/** Set when the browser cannot reach the server and uploads fall back to the console. */
const serverUnreachable = createStore<string | undefined>(undefined);

const controllers = new Map<number, AbortController>();
/** A running or failed direct upload's record and file, for cancel and retry. */
const direct = new Map<number, { upload?: ResumableUpload; file: Blob }>();
const meters = new Map<number, RateMeter>();
let nextId = 1;

/**
 * The panel is redrawn at most this often while uploads change: drawn on every change, a
 * folder of small files (each queued, started, sent and done in a few milliseconds) kept the
 * page busy redrawing it, and the uploads waited on the page (bench/src/browser-small-uploads).
 */
const PANEL_REDRAW_MS = 100;
let redraw: ReturnType<typeof setTimeout> | undefined;

function update(id: number, patch: Partial<Transfer>) {
  const next = transfers.get().map((t) => (t.id === id ? { ...t, ...patch } : t));
  transfers.set(next, { quiet: true });
  redraw ??= setTimeout(redrawNow, PANEL_REDRAW_MS);
  if ('awaitingSignIn' in patch) setUploadsAwaitingSignIn(next.filter((t) => t.awaitingSignIn).length);
}

/** Shows every change so far at once (a batch ended: the panel agrees with what is announced). */
function redrawNow() {
  clearTimeout(redraw);
  redraw = undefined;
  transfers.set(transfers.get());
}

/** Drops an upload from the unfinished list (no change, no redraw, when it is not there). */
function forgetUnfinished(id: string) {
  const list = unfinished.get();
  if (list.some((u) => u.id === id)) unfinished.set(list.filter((u) => u.id !== id));
}

export const useTransfers = () => useStore(transfers);
export const useUnfinishedUploads = () => useStore(unfinished);
export const useServerUnreachable = () => useStore(serverUnreachable);
export const useBandwidthLimit = () => useStore(bandwidthLimit);

let settings: Promise<UploadSettings | undefined> | undefined;
const reachable = new Map<string, Promise<boolean>>();

/** Direct when the console allows it and a probe of this bucket passes CORS; else proxy. */
async function routeFor(bucket: string): Promise<'direct' | 'proxy'> {
  const e = environment();
  settings ??= e.api.settings().catch(() => undefined);
  const s = await settings;
  if (!s || s.mode === 'proxy') return 'proxy';
  let ok = reachable.get(bucket);
  if (!ok) {
    ok = e.probe(s.server_url, bucket);
    reachable.set(bucket, ok);
  }
  if (await ok) return 'direct';
  serverUnreachable.set(s.server_url);
  return 'proxy';
}

/** Reads the unfinished uploads of earlier visits (the panel offers to resume them). */
export async function loadUnfinishedUploads(): Promise<void> {
  const running = new Set([...direct.values()].map((d) => d.upload?.id));
  const stored = await environment().store.list();
  unfinished.set(stored.filter((u) => !running.has(u.id)).sort((a, b) => a.startedAt - b.startedAt));
}

export interface UploadItem {
  /** Name below the prefix, with the folder path of a folder upload. */
  name: string;
  file: Blob;
}

const objectKey = (prefix: string, name: string) =>
  prefix === '' || prefix.endsWith('/') ? `${prefix}${name}` : `${prefix}/${name}`;

function addTransfer(bucket: string, prefix: string, name: string, size: number, loaded = 0): Transfer {
  const transfer: Transfer = {
    id: nextId++,
    bucket,
    prefix,
    name,
    key: objectKey(prefix, name),
    size,
    loaded,
    status: 'queued',
    retries: 0,
    ...(currentSession().accessKey ? { owner: currentSession().accessKey } : {}),
  };
  transfers.set([...transfers.get(), transfer]);
  return transfer;
}

/** Queues files and uploads them; resolves with the batch's outcome once every file ended. */
export async function startUploads(
  bucket: string,
  prefix: string,
  items: readonly UploadItem[],
): Promise<UploadBatchResult> {
  const batch = items.map((item) => ({
    transfer: addTransfer(bucket, prefix, item.name, item.file.size),
    file: item.file,
  }));
  const queue = [...batch];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runOne(job.transfer, job.file);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT, batch.length) }, worker));
  redrawNow();
  const ended = transfers.get().filter((t) => batch.some((b) => b.transfer.id === t.id));
  return {
    bucket,
    prefix,
    failed: ended.filter((t) => t.status === 'failed').length,
    done: ended.filter((t) => t.status === 'done').length,
  };
}

function progress(id: number, loaded: number) {
  const meter = meters.get(id) ?? new RateMeter();
  meters.set(id, meter);
  meter.add(environment().clock.now(), loaded);
  const t = transfers.get().find((x) => x.id === id);
  const speed = meter.bytesPerSecond;
  const eta = t ? etaSeconds(t.size - loaded, speed) : undefined;
  update(id, { loaded, speed, ...(eta === undefined ? {} : { eta }) });
}

function multipartDeps(owner: string | undefined): MultipartDeps {
  const e = environment();
  const algorithm = e.checksums ? checksumAlgorithm() : undefined;
  return {
    api: e.api,
    send: e.send,
    store: e.store,
    clock: e.clock,
    limit,
    ...(algorithm ? { checksum: { algorithm, of: partChecksum } } : {}),
    ...(owner ? { session: sessionGate(owner) } : {}),
  };
}

async function runOne(job: Transfer, file: Blob, resume?: ResumableUpload) {
  const current = transfers.get().find((t) => t.id === job.id);
  if (!current || current.status === 'cancelled') return;
  const controller = new AbortController();
  controllers.set(job.id, controller);
  update(job.id, {
    status: 'uploading',
    error: undefined,
    failedParts: undefined,
    awaitingSignIn: undefined,
  });
  meters.delete(job.id);
  try {
    const route = resume ? 'direct' : await routeFor(job.bucket);
    update(job.id, { route });
    if (route === 'proxy') {
      await uploadFile({
        bucket: job.bucket,
        prefix: job.prefix,
        name: job.name,
        file,
        signal: controller.signal,
        onProgress: ({ loaded }) => progress(job.id, loaded),
      });
    } else {
      await runDirect(job, file, controller.signal, resume);
    }
    direct.delete(job.id);
    update(job.id, { status: 'done', loaded: job.size, eta: 0, awaitingSignIn: undefined });
  } catch (err) {
    if (controller.signal.aborted) update(job.id, { status: 'cancelled', awaitingSignIn: undefined });
    else
      update(job.id, {
        status: 'failed',
        awaitingSignIn: undefined,
        error:
          (err instanceof PartsFailedError ? (err.cause as Error) : (err as Error))?.message ?? String(err),
        ...(err instanceof PartsFailedError ? { failedParts: err.failedParts.length } : {}),
      });
  } finally {
    controllers.delete(job.id);
  }
}

async function runDirect(job: Transfer, file: Blob, signal: AbortSignal, resume?: ResumableUpload) {
  const deps = multipartDeps(job.owner);
  const onWaiting = (waiting: boolean) => update(job.id, { awaitingSignIn: waiting || undefined });
  const onRetry = () => {
    const t = transfers.get().find((x) => x.id === job.id);
    update(job.id, { retries: (t?.retries ?? 0) + 1 });
  };
  const known = direct.get(job.id)?.upload ?? resume;
  const contentType = file.type || 'application/octet-stream';
  // A new file that fits in one part: one PUT, nothing to resume (a retry sends it whole).
  if (!known && fitsOnePut(file.size, (await settings) ?? {})) {
    direct.set(job.id, { file });
    await putWhole(
      { bucket: job.bucket, key: job.key, file, contentType },
      { ...deps, api: environment().api },
      { signal, onWaiting, onRetry, onProgress: (loaded) => progress(job.id, loaded) },
    );
    return;
  }
  // The same file to the same key, cut short on an earlier visit: go on from there.
  const earlier =
    known ??
    (file instanceof File
      ? (await deps.store.list()).find(
          (u) => u.bucket === job.bucket && u.key === job.key && fileMatches(u, file),
        )
      : undefined);
  const upload =
    earlier ??
    (await createMultipart({ bucket: job.bucket, key: job.key, file, contentType }, deps, {
      signal,
      onWaiting,
    }));
  direct.set(job.id, { upload, file });
  forgetUnfinished(upload.id);
  await runMultipart(upload, file, deps, {
    resume: earlier !== undefined,
    signal,
    onWaiting,
    onProgress: (loaded) => progress(job.id, loaded),
    onRetry,
  });
}

/** Sends a failed upload's missing parts again. */
export function retryTransfer(id: number) {
  const held = direct.get(id);
  const t = transfers.get().find((x) => x.id === id);
  if (!held || !t || t.status !== 'failed') return;
  update(id, { status: 'queued' });
  void runOne(t, held.file, held.upload);
}

/** Stops a queued or running upload; a direct one is aborted on the server (its parts dropped). */
export function cancelTransfer(id: number) {
  const running = controllers.get(id);
  if (running) running.abort();
  else update(id, { status: 'cancelled' });
  const upload = direct.get(id)?.upload;
  direct.delete(id);
  if (upload) void abortMultipart(upload, environment()).catch(() => undefined);
}

/**
 * Resumes an interrupted upload with the file the user picked again. False (nothing started)
 * when it is not the same file: name, size and modification time must match.
 */
export function resumeUpload(upload: ResumableUpload, file: File): boolean {
  if (!fileMatches(upload, file)) return false;
  forgetUnfinished(upload.id);
  const slash = upload.key.lastIndexOf('/');
  const done = Object.keys(upload.parts).length;
  const transfer = addTransfer(
    upload.bucket,
    upload.key.slice(0, slash + 1),
    upload.key.slice(slash + 1),
    upload.fileSize,
    Math.min(upload.fileSize, done * upload.partSize),
  );
  void runOne(transfer, file, upload);
  return true;
}

/** Gives up an interrupted upload: aborted on the server, forgotten here. */
export async function discardUnfinished(upload: ResumableUpload): Promise<void> {
  forgetUnfinished(upload.id);
  await abortMultipart(upload, environment()).catch(() => undefined);
}

/** Drops finished, failed and cancelled entries from the panel. */
export function clearFinishedTransfers() {
  for (const t of transfers.get()) if (!isActive(t)) direct.delete(t.id);
  transfers.set(transfers.get().filter((t) => t.status === 'queued' || t.status === 'uploading'));
}

export const isActive = (t: Transfer) => t.status === 'queued' || t.status === 'uploading';

/** n done, n failed, and the bytes of all, for the panel's summary line. */
export function transferSummary(list: readonly Transfer[]) {
  return {
    done: list.filter((t) => t.status === 'done').length,
    failed: list.filter((t) => t.status === 'failed').length,
    active: list.filter(isActive).length,
    awaitingSignIn: list.filter((t) => t.awaitingSignIn).length,
    bytes: list.reduce((sum, t) => sum + t.size, 0),
    loaded: list.reduce((sum, t) => sum + (t.status === 'cancelled' ? 0 : t.loaded), 0),
  };
}
