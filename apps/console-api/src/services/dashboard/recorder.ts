import { type Credentials, prometheusToken } from '@stowage/madmin';
import { parseExposition, type Sample } from './exposition.js';
import { type Target, WIDGET_METRICS } from './widgets.js';

// Without Prometheus the console keeps its own short history of the storage server's
// metrics: a scrape every 15 s while someone has looked at the dashboard in the last
// 10 minutes, kept for 6 hours. Only the metrics widgets read are kept.

export const SCRAPE_INTERVAL_MS = 15_000;
const RETENTION_MS = 6 * 3600_000;
const IDLE_STOP_MS = 10 * 60_000;

interface Scrape {
  /** Unix seconds. */
  t: number;
  samples: Sample[];
}

export type Point = [number, number];

export interface RecorderOptions {
  serverUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export class MetricsRecorder {
  readonly #scrapes: Scrape[] = [];
  #timer: NodeJS.Timeout | undefined;
  #viewer: { credentials: Credentials; until: number } | undefined;
  #inflight: Promise<void> | undefined;
  /** Access key -> when a scrape with it last succeeded. */
  readonly #allowed = new Map<string, number>();
  readonly #now: () => number;

  constructor(private readonly opts: RecorderOptions) {
    this.#now = opts.now ?? Date.now;
  }

  /** One scrape with these credentials, kept in the history; fails when the server refuses. */
  async scrape(credentials: Credentials): Promise<void> {
    const res = await (this.opts.fetch ?? fetch)(`${this.opts.serverUrl}/minio/v2/metrics/cluster`, {
      headers: { authorization: `Bearer ${prometheusToken(credentials, 60)}` },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok)
      throw Object.assign(new Error(`metrics: ${res.status} ${text.slice(0, 200)}`), { status: res.status });
    const t = this.#now() / 1000;
    this.#scrapes.push({ t, samples: parseExposition(text, WIDGET_METRICS) });
    const oldest = t - RETENTION_MS / 1000;
    while (this.#scrapes.length > 0 && this.#scrapes[0]!.t < oldest) this.#scrapes.shift();
  }

  /**
   * Called on each dashboard request: scrape now unless the last scrape is fresh, and keep
   * scraping in the background with these credentials until they expire or nobody looks.
   */
  async viewed(credentials: Credentials, credentialsExpireAt: number): Promise<void> {
    const now = this.#now();
    // The history is shared, so each viewer proves its own right to it: a scrape with its
    // credentials at least once a minute. One that fails is not shown the history.
    const proof = this.#allowed.get(credentials.accessKey);
    if (proof === undefined || now - proof > 60_000) {
      await this.scrape(credentials);
      // Each session has its own STS key: forget stale proofs so the map stays small.
      for (const [key, at] of this.#allowed) if (now - at > 60_000) this.#allowed.delete(key);
      this.#allowed.set(credentials.accessKey, now);
    } else if (now / 1000 - (this.#scrapes.at(-1)?.t ?? 0) >= 5) {
      this.#inflight ??= this.scrape(credentials).finally(() => {
        this.#inflight = undefined;
      });
      await this.#inflight;
    }
    this.#viewer = { credentials, until: Math.min(credentialsExpireAt, now + IDLE_STOP_MS) };
    this.#timer ??= setInterval(() => this.#tick(), SCRAPE_INTERVAL_MS).unref();
  }

  #tick(): void {
    const viewer = this.#viewer;
    if (!viewer || this.#now() > viewer.until) {
      this.stop();
      return;
    }
    // A failed background scrape leaves a gap in the graphs; the next dashboard request reports errors.
    this.scrape(viewer.credentials).catch(() => {});
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#viewer = undefined;
  }

  /** The target's series at each step of [start, end] (unix seconds), named by legend or label. */
  range(target: Target, start: number, end: number, step: number): Map<string, Point[]> {
    const out = new Map<string, Point[]>();
    const lookback = Math.max(300, step);
    for (let t = start; t <= end; t += step) {
      for (const [name, v] of this.#valuesAt(target, t, lookback)) {
        const points = out.get(name) ?? [];
        if (points.length === 0) out.set(name, points);
        points.push([t, v]);
      }
    }
    return out;
  }

  /** The target's series at one instant: the last scrape at or before t (within the lookback). */
  instant(target: Target, t: number): Map<string, Point[]> {
    return new Map([...this.#valuesAt(target, t, 300)].map(([name, v]) => [name, [[t, v] as Point]]));
  }

  /** The index of the first scrape after t (scrapes are in time order). */
  #firstAfter(t: number): number {
    let lo = 0;
    let hi = this.#scrapes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#scrapes[mid]!.t <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The last scrape at or before t, if it is within the lookback; else -1. */
  #latestAt(t: number, lookback: number): number {
    const i = this.#firstAfter(t) - 1;
    return i >= 0 && t - this.#scrapes[i]!.t <= lookback ? i : -1;
  }

  #aggregate(target: Target, scrape: Scrape): Map<string, number> {
    const groups = new Map<string, number>();
    for (const s of scrape.samples) {
      if (s.name !== target.metric) continue;
      if (Object.entries(target.match ?? {}).some(([k, v]) => s.labels[k] !== v)) continue;
      const key = target.by ? (s.labels[target.by] ?? '') : target.legend;
      const prev = groups.get(key);
      groups.set(
        key,
        prev === undefined ? s.value : target.agg === 'max' ? Math.max(prev, s.value) : prev + s.value,
      );
    }
    return groups;
  }

  #valuesAt(target: Target, t: number, lookback: number): Map<string, number> {
    const i = this.#latestAt(t, lookback);
    if (i < 0) return new Map();
    const now = this.#aggregate(target, this.#scrapes[i]!);
    if (!target.rate) return now;
    // A rate needs an earlier scrape: the oldest within the lookback, at least one apart.
    const from = this.#firstAfter(this.#scrapes[i]!.t - lookback - 1e-6);
    if (from >= i) return new Map();
    const before = this.#aggregate(target, this.#scrapes[from]!);
    const dt = this.#scrapes[i]!.t - this.#scrapes[from]!.t;
    const rates = new Map<string, number>();
    for (const [name, v] of now) {
      const v0 = before.get(name) ?? 0;
      // A counter that went down was reset (a restart): count from zero.
      rates.set(name, (v >= v0 ? v - v0 : v) / dt);
    }
    return rates;
  }
}
