import { effective, type ServerConfig } from '../../config/kv.js';
import { subsystem } from '../../config/subsystems.js';
import type { BackgroundMetric } from '../scanner.js';

// MinIO's transitionState: the scanner hands due transitions to a bounded queue served by
// `api transition_workers` workers, so a slow tier never holds up the walk. When the queue is
// full the task is dropped and counted as missed; the next cycle meets the version again. A
// failed task is not retried here either: the version stays whole locally and the next cycle
// queues it again, as MinIO does.

export interface TransitionTask {
  bucket: string;
  key: string;
  versionId: string;
  tier: string;
}

/** MinIO's channel size. */
export const TRANSITION_QUEUE_CAPACITY = 100_000;
/** `api transition_workers` default (MinIO's: 0 means this too). */
export const DEFAULT_TRANSITION_WORKERS = 100;

/** `api transition_workers` from the configuration (MinIO: 0 or nonsense means the default). */
export function transitionWorkers(config: ServerConfig): number {
  const n = Number(effective(config, subsystem('api')!, '_').transition_workers);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_TRANSITION_WORKERS;
}

export type Enqueued = 'queued' | 'duplicate' | 'missed';

const taskId = (t: TransitionTask) => `${t.bucket}\u0000${t.key}\u0000${t.versionId}`;

export class TransitionQueue {
  private readonly waiting: TransitionTask[] = [];
  /** Tasks waiting or running, so one version is never queued twice. */
  private readonly known = new Set<string>();
  private running = 0;
  private workers = DEFAULT_TRANSITION_WORKERS;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];
  /** Tasks dropped because the queue was full. */
  missed = 0;

  constructor(
    private readonly run: (task: TransitionTask) => Promise<void>,
    private readonly capacity = TRANSITION_QUEUE_CAPACITY,
  ) {}

  /** The number of workers; more start at once, fewer once running tasks end. */
  setWorkers(n: number): void {
    this.workers = Number.isInteger(n) && n > 0 ? n : DEFAULT_TRANSITION_WORKERS;
    this.pump();
  }

  enqueue(task: TransitionTask): Enqueued {
    if (this.stopped) return 'missed';
    const id = taskId(task);
    if (this.known.has(id)) return 'duplicate';
    if (this.waiting.length >= this.capacity) {
      this.missed++;
      return 'missed';
    }
    this.known.add(id);
    this.waiting.push(task);
    this.pump();
    return 'queued';
  }

  get pending(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  /** Resolves once nothing waits or runs. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Drops what waits; running tasks are not waited for (a slow tier must not hold up a
   * shutdown): one cut short leaves its version whole here, as a crash would.
   */
  stop(): void {
    this.stopped = true;
    for (const t of this.waiting.splice(0)) this.known.delete(taskId(t));
  }

  private pump(): void {
    while (this.running < this.workers && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running++;
      void this.run(task)
        .catch(() => {})
        .finally(() => {
          this.running--;
          this.known.delete(taskId(task));
          this.pump();
        });
    }
    if (this.running === 0 && this.waiting.length === 0)
      for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** MinIO's metrics-v2 names for the transition queue. */
  metrics(): BackgroundMetric[] {
    return [
      {
        name: 'minio_node_ilm_transition_pending_tasks',
        type: 'gauge',
        help: 'Number of pending ILM transition tasks in the queue',
        value: this.pending,
      },
      {
        name: 'minio_node_ilm_transition_active_tasks',
        type: 'gauge',
        help: 'Number of active ILM transition tasks',
        value: this.active,
      },
      {
        name: 'minio_node_ilm_transition_missed_immediate_tasks',
        type: 'gauge',
        help: 'Number of missed immediate ILM transition tasks',
        value: this.missed,
      },
    ];
  }
}
