import { uploadFile } from '../../api/upload.js';
import { createStore, useStore } from '../../lib/externalStore.js';

// The uploads in flight and just finished, kept outside React so they carry on (and stay
// listed) while the user moves between folders. Two files go up at a time: enough to keep
// the link busy without one huge file starving the rest.

export type TransferStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface Transfer {
  id: number;
  bucket: string;
  prefix: string;
  name: string;
  size: number;
  loaded: number;
  status: TransferStatus;
  error?: string;
}

export interface UploadBatchResult {
  bucket: string;
  prefix: string;
  failed: number;
  done: number;
}

const CONCURRENT = 2;

const transfers = createStore<readonly Transfer[]>([]);
const controllers = new Map<number, AbortController>();
let nextId = 1;

function update(id: number, patch: Partial<Transfer>) {
  transfers.set(transfers.get().map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

export const useTransfers = () => useStore(transfers);

export interface UploadItem {
  /** Name below the prefix, with the folder path of a folder upload. */
  name: string;
  file: Blob;
}

/** Queues files and uploads them; resolves with the batch's outcome once every file ended. */
export async function startUploads(
  bucket: string,
  prefix: string,
  items: readonly UploadItem[],
): Promise<UploadBatchResult> {
  const batch = items.map((item): Transfer & { file: Blob } => ({
    id: nextId++,
    bucket,
    prefix,
    name: item.name,
    size: item.file.size,
    loaded: 0,
    status: 'queued',
    file: item.file,
  }));
  transfers.set([...transfers.get(), ...batch.map(({ file: _file, ...t }) => t)]);
  const queue = [...batch];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runOne(job, job.file);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT, batch.length) }, worker));
  const ended = transfers.get().filter((t) => batch.some((b) => b.id === t.id));
  return {
    bucket,
    prefix,
    failed: ended.filter((t) => t.status === 'failed').length,
    done: ended.filter((t) => t.status === 'done').length,
  };
}

async function runOne(job: Transfer, file: Blob) {
  const current = transfers.get().find((t) => t.id === job.id);
  if (!current || current.status === 'cancelled') return;
  const controller = new AbortController();
  controllers.set(job.id, controller);
  update(job.id, { status: 'uploading' });
  try {
    await uploadFile({
      bucket: job.bucket,
      prefix: job.prefix,
      name: job.name,
      file,
      signal: controller.signal,
      onProgress: ({ loaded }) => update(job.id, { loaded }),
    });
    update(job.id, { status: 'done', loaded: job.size });
  } catch (err) {
    if (controller.signal.aborted) update(job.id, { status: 'cancelled' });
    else update(job.id, { status: 'failed', error: (err as Error).message });
  } finally {
    controllers.delete(job.id);
  }
}

/** Stops a queued or running upload. */
export function cancelTransfer(id: number) {
  const running = controllers.get(id);
  if (running) running.abort();
  else update(id, { status: 'cancelled' });
}

/** Drops finished, failed and cancelled entries from the panel. */
export function clearFinishedTransfers() {
  transfers.set(transfers.get().filter((t) => t.status === 'queued' || t.status === 'uploading'));
}

export const isActive = (t: Transfer) => t.status === 'queued' || t.status === 'uploading';
