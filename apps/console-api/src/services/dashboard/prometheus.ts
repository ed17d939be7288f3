import type { Point } from './recorder.js';
import { promql, type Target } from './widgets.js';

// Widgets from a Prometheus server that scrapes the storage server (spec 001 §9), over its
// HTTP API: /api/v1/query for instants, /api/v1/query_range for series.

export interface PrometheusOptions {
  url: string;
  job: string;
  fetch?: typeof fetch;
}

interface PromResult {
  metric: Record<string, string>;
  value?: [number, string];
  values?: [number, string][];
}

export class PrometheusSource {
  constructor(private readonly opts: PrometheusOptions) {}

  async #get(path: string, params: Record<string, string>): Promise<PromResult[]> {
    const url = `${this.opts.url}${path}?${new URLSearchParams(params)}`;
    const res = await (this.opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(15_000) });
    const body = (await res.json().catch(() => ({}))) as {
      status?: string;
      error?: string;
      data?: { result?: PromResult[] };
    };
    if (!res.ok || body.status !== 'success')
      throw new Error(`prometheus: ${res.status} ${body.error ?? 'unexpected answer'}`);
    return body.data?.result ?? [];
  }

  #series(target: Target, results: PromResult[]): Map<string, Point[]> {
    const out = new Map<string, Point[]>();
    for (const r of results) {
      const name = target.by ? (r.metric[target.by] ?? '') : target.legend;
      const raw = r.values ?? (r.value ? [r.value] : []);
      out.set(
        name,
        raw.map(([t, v]): Point => [t, Number(v)]),
      );
    }
    return out;
  }

  async range(target: Target, start: number, end: number, step: number): Promise<Map<string, Point[]>> {
    const query = promql(target, this.opts.job, Math.max(300, step));
    const results = await this.#get('/api/v1/query_range', {
      query,
      start: String(start),
      end: String(end),
      step: String(step),
    });
    return this.#series(target, results);
  }

  async instant(target: Target, t: number): Promise<Map<string, Point[]>> {
    const results = await this.#get('/api/v1/query', {
      query: promql(target, this.opts.job, 300),
      time: String(t),
    });
    return this.#series(target, results);
  }
}
