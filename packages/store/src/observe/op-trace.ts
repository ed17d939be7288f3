import { Bus } from './bus.js';

// Drive and operating-system calls for the trace stream's storage and os kinds
// (madmin TraceStorage, TraceOS). Nothing is timed or built while nobody traces them.

/** One finished drive or file-system call. */
export interface OpTrace {
  kind: 'storage' | 'os';
  /** "storage.ReadVersion", "os.Rename", ... as MinIO names them. */
  func: string;
  time: Date;
  /** Storage: the drive, then what was touched, space-separated; os: paths joined by " -> ". */
  path: string;
  durationNs: number;
  error?: string;
}

/** Reports the call begun by `OpTracer.begin`, with the error it failed with if any. */
export type FinishOp = (error?: unknown) => void;

export class OpTracer {
  readonly bus = new Bus<OpTrace>();

  constructor(readonly kind: OpTrace['kind']) {}

  get active(): boolean {
    return this.bus.active;
  }

  /** Starts timing `<kind>.<name>`; undefined (and free) while nobody traces this kind. */
  begin(name: string, path: () => string): FinishOp | undefined {
    if (!this.bus.active) return undefined;
    const time = new Date();
    const started = process.hrtime.bigint();
    return (error) => {
      this.bus.publish({
        kind: this.kind,
        func: `${this.kind}.${name}`,
        time,
        path: path(),
        durationNs: Number(process.hrtime.bigint() - started),
        ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
      });
    };
  }

  /** Runs `op` (sync or async), reporting it as `<kind>.<name>` when someone traces. */
  call<T>(name: string, path: () => string, op: () => T): T {
    const finish = this.begin(name, path);
    if (!finish) return op();
    try {
      const result = op();
      if (result instanceof Promise)
        return result.then(
          (value) => {
            finish();
            return value;
          },
          (err: unknown) => {
            finish(err);
            throw err;
          },
        ) as T;
      finish();
      return result;
    } catch (err) {
      finish(err);
      throw err;
    }
  }
}

/**
 * The process's file-system calls. They are the process's, not one engine's (as in MinIO,
 * where they are global too): engine code reaches them through engine/fs/os.ts.
 */
export const osCalls = new OpTracer('os');
