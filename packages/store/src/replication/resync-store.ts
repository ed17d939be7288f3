import type { SystemStore } from '../engine/system-store.js';
import type { ResyncState } from './resync.js';

// The resyncs of a bucket, kept as MinIO keeps `.replication/resync.bin` per bucket: one
// versioned document with every target's last resync, so that after a restart its status
// is still answered, its counters are kept, and a walk that was cut short goes on from the
// last listing page it finished.

const FOLDER = 'replication/resync';
const FORMAT = 1;

/** A resync as JSON: its dates as ISO strings. */
type StoredResync = Omit<ResyncState, 'startTime' | 'endTime' | 'before'> & {
  startTime: string;
  endTime?: string;
  before: string;
};

interface StoredBucket {
  format: number;
  targets: StoredResync[];
}

const pathOf = (bucket: string) => `${FOLDER}/${encodeURIComponent(bucket)}.json`;

function toStored(s: ResyncState): StoredResync {
  const { endTime, ...rest } = s;
  return {
    ...rest,
    startTime: s.startTime.toISOString(),
    ...(endTime ? { endTime: endTime.toISOString() } : {}),
    before: s.before.toISOString(),
  };
}

function fromStored(s: StoredResync): ResyncState | undefined {
  const startTime = new Date(s.startTime);
  const before = new Date(s.before);
  if (typeof s.arn !== 'string' || typeof s.resetId !== 'string') return undefined;
  if (Number.isNaN(startTime.getTime()) || Number.isNaN(before.getTime())) return undefined;
  const { endTime, ...rest } = s;
  return { ...rest, startTime, before, ...(endTime ? { endTime: new Date(endTime) } : {}) };
}

export class ResyncStore {
  /** Writes per bucket, in order: the last one written holds the newest state. */
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly system: SystemStore) {}

  /** Every resync a previous run kept; a document of another format is skipped. */
  async all(): Promise<ResyncState[]> {
    const out: ResyncState[] = [];
    for (const name of await this.system.list(FOLDER)) {
      const doc = (await this.system.read(`${FOLDER}/${name}`)) as StoredBucket | undefined;
      if (doc?.format !== FORMAT || !Array.isArray(doc.targets)) continue;
      for (const t of doc.targets) {
        const state = fromStored(t);
        if (state) out.push(state);
      }
    }
    return out;
  }

  /** Keeps the bucket's resyncs as they are now (queued behind the bucket's earlier writes). */
  save(bucket: string, states: ResyncState[]): Promise<void> {
    const doc: StoredBucket = { format: FORMAT, targets: states.map(toStored) };
    const next = (this.writes.get(bucket) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.system.write(pathOf(bucket), doc));
    this.writes.set(bucket, next);
    return next;
  }
}
