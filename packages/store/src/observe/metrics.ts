// Request counters for the Prometheus endpoint: per API call, cumulative since start.
// Updated once per finished request; a few map lookups, no allocation on the hot path
// beyond the first request of each API name.

export interface ApiCounters {
  requests: number;
  errors4xx: number;
  errors5xx: number;
}

export class RequestMetrics {
  readonly byApi = new Map<string, ApiCounters>();
  receivedBytes = 0;
  sentBytes = 0;
  /** Requests received and not yet answered. */
  inflight = 0;
  /** The S3 requests waiting for a place (api requests_max), once a pool is attached. */
  queue: { readonly queued: number; readonly inFlight: number } | undefined;

  started(): void {
    this.inflight++;
  }

  record(api: string, status: number, received: number, sent: number): void {
    let c = this.byApi.get(api);
    if (!c) {
      c = { requests: 0, errors4xx: 0, errors5xx: 0 };
      this.byApi.set(api, c);
    }
    this.inflight = Math.max(0, this.inflight - 1);
    c.requests++;
    if (status >= 500) c.errors5xx++;
    else if (status >= 400) c.errors4xx++;
    this.receivedBytes += received;
    this.sentBytes += sent;
  }
}
