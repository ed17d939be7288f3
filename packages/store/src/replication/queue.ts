import { randomUUID } from 'node:crypto';
import type { SystemStore } from '../engine/system-store.js';

// Replication work, one system document per job, so that what was queued survives a
// restart (MinIO's MRF keeps failed work so too). A job is removed once the remote has it.

export type JobKind = 'object' | 'delete-marker' | 'version-delete';

export interface ReplicationJob {
  id: string;
  bucket: string;
  key: string;
  versionId: string;
  kind: JobKind;
  /** The remote target's ARN. */
  arn: string;
  /** Failed sends so far. */
  attempts: number;
  /** Bytes of the version (0 for deletes), for the pending and failed counts. */
  size: number;
  /** Why the last send failed. */
  reason?: string;
  /** The resync that queued it, if one did. */
  resetId?: string;
}

const FOLDER = 'replication/queue';

export class JobStore {
  constructor(private readonly system: SystemStore) {}

  async add(job: Omit<ReplicationJob, 'id' | 'attempts'>): Promise<ReplicationJob> {
    const full: ReplicationJob = { ...job, id: randomUUID(), attempts: 0 };
    await this.save(full);
    return full;
  }

  save(job: ReplicationJob): Promise<void> {
    return this.system.write(`${FOLDER}/${job.id}.json`, job);
  }

  remove(job: ReplicationJob): Promise<void> {
    return this.system.remove(`${FOLDER}/${job.id}.json`);
  }

  /** Every job left, as the last start or failure saved it. */
  async all(): Promise<ReplicationJob[]> {
    const out: ReplicationJob[] = [];
    for (const name of await this.system.list(FOLDER)) {
      const job = (await this.system.read(`${FOLDER}/${name}`)) as ReplicationJob | undefined;
      if (job && typeof job.id === 'string') out.push(job);
    }
    return out;
  }
}
