// A publish/subscribe channel for live streams (trace, console log), with an optional
// ring of the most recent events for late subscribers. Publishing with no subscribers
// costs next to nothing, so the request path can always call it.

export type Listener<T> = (event: T) => void;

/**
 * Which events a subscriber takes, judged on a probe: a small summary a publisher can make
 * before it builds the event itself (a bucket event's name, say). A subscriber given one
 * may still be handed events it does not want; it is a hint that saves publishers work.
 */
export type Interest<P> = (probe: P) => boolean;

/** What a stream reads: something to subscribe to. */
export interface Subscribable<T, P = never> {
  subscribe(listener: Listener<T>, interest?: Interest<P>): () => void;
}

export class Bus<T, P = never> implements Subscribable<T, P> {
  /** Each listener with its interest (undefined: every event). */
  private readonly listeners = new Map<Listener<T>, Interest<P> | undefined>();
  /** The last `keep` events, a ring: `next` is where the next one goes (the oldest, once full). */
  private readonly recent: T[] = [];
  private next = 0;

  /** `keep`: how many past events to hold for `history` (0: none). */
  constructor(private readonly keep = 0) {}

  get active(): boolean {
    return this.listeners.size > 0;
  }

  publish(event: T): void {
    if (this.keep > 0) {
      if (this.recent.length < this.keep) this.recent.push(event);
      else this.recent[this.next] = event;
      this.next = (this.next + 1) % this.keep;
    }
    for (const listener of this.listeners.keys()) listener(event);
  }

  /** Whether any subscriber takes an event `probe` describes: worth building and publishing. */
  wants(probe: P): boolean {
    for (const interest of this.listeners.values())
      if (interest === undefined || interest(probe)) return true;
    return false;
  }

  /** The last `n` events kept (of those `wanted`, when given), oldest first. */
  history(n: number, wanted: (event: T) => boolean = () => true): T[] {
    const out: T[] = [];
    const size = this.recent.length;
    // Newest first, from the slot before `next` (a ring not yet full starts at 0: next = size).
    for (let i = 1; i <= size && out.length < n; i++) {
      const event = this.recent[(this.next - i + size) % size]!;
      if (wanted(event)) out.push(event);
    }
    return out.reverse();
  }

  subscribe(listener: Listener<T>, interest?: Interest<P>): () => void {
    this.listeners.set(listener, interest);
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
  /** From the request's start to the first byte of the answer handed to the socket. */
  ttfbNs: number;
  inputBytes: number;
  outputBytes: number;
}
