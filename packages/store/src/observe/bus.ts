// A publish/subscribe channel for live streams (trace, console log), with an optional
// ring of the most recent events for late subscribers. Publishing with no subscribers
// costs next to nothing, so the request path can always call it.

export type Listener<T> = (event: T) => void;

/** What a stream reads: something to subscribe to. */
export interface Subscribable<T> {
  subscribe(listener: Listener<T>): () => void;
}

export class Bus<T> implements Subscribable<T> {
  private readonly listeners = new Set<Listener<T>>();
  private readonly recent: T[] = [];

  /** `keep`: how many past events to hold for `history` (0: none). */
  constructor(private readonly keep = 0) {}

  get active(): boolean {
    return this.listeners.size > 0;
  }

  publish(event: T): void {
    if (this.keep > 0) {
      this.recent.push(event);
      if (this.recent.length > this.keep) this.recent.shift();
    }
    for (const listener of this.listeners) listener(event);
  }

  /** The last `n` events kept, oldest first. */
  history(n: number): T[] {
    return n <= 0 ? [] : this.recent.slice(-n);
  }

  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** One finished HTTP request, as the trace stream and the audit log report it. */
export interface HttpTrace {
  api: string;
  requestId: string;
  /** What the request was about and who signed it, once the protocol knew. */
  bucket?: string;
  object?: string;
  accessKey?: string;
  parentUser?: string;
  time: Date;
  method: string;
  path: string;
  rawQuery: string;
  headers: Record<string, string[]>;
  client: string;
  status: number;
  responseHeaders: Record<string, string[]>;
  durationNs: number;
  inputBytes: number;
  outputBytes: number;
}

/** One line of the server's log. */
export interface LogEvent {
  time: Date;
  level: 'INFO' | 'ERROR';
  message: string;
}
