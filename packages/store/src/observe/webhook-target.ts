import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';

// One logger_webhook or audit_webhook target: entries wait in a bounded in-memory queue
// and are POSTed one per request, in order, as MinIO's HTTP logger does. The request path
// never waits for delivery; a full queue drops (and counts) rather than grows.

export interface WebhookSettings {
  endpoint: string;
  authToken: string;
  queueSize: number;
  clientCert?: string;
  clientKey?: string;
}

export type TargetStatus = 'online' | 'offline';

const SEND_TIMEOUT_MS = 5000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/** The Authorization header MinIO sends: a bare token becomes a bearer token. */
export function authorizationHeader(token: string): string | undefined {
  if (token === '') return undefined;
  return token.includes(' ') ? token : `Bearer ${token}`;
}

export class WebhookTarget {
  private readonly queue: string[] = [];
  private sending = false;
  private closed = false;
  private wake: (() => void) | undefined;
  private state: TargetStatus = 'offline';
  /** Entries dropped because the queue was full. */
  dropped = 0;
  /** Entries delivered. */
  sent = 0;
  private readonly tls: { cert: Buffer; key: Buffer } | undefined;

  constructor(
    readonly name: string,
    readonly settings: WebhookSettings,
    private readonly log: (line: string) => void,
  ) {
    this.tls =
      settings.clientCert && settings.clientKey
        ? { cert: readFileSync(settings.clientCert), key: readFileSync(settings.clientKey) }
        : undefined;
    this.probe();
  }

  /** Until a delivery says otherwise: online when the endpoint accepts a connection. */
  private probe(): void {
    const url = new URL(this.settings.endpoint);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port, timeout: SEND_TIMEOUT_MS });
    const settle = (state: TargetStatus) => {
      if (this.sent === 0 && !this.sending) this.state = state;
      socket.destroy();
    };
    socket.once('connect', () => settle('online'));
    socket.once('timeout', () => settle('offline'));
    socket.once('error', () => settle('offline'));
  }

  get status(): TargetStatus {
    return this.state;
  }

  /** Queues one entry (JSON-encoded here); false when it was dropped. */
  send(entry: unknown): boolean {
    if (this.closed) return false;
    if (this.queue.length >= this.settings.queueSize) {
      this.dropped += 1;
      return false;
    }
    this.queue.push(JSON.stringify(entry));
    if (!this.sending) void this.drain();
    return true;
  }

  /** Stops delivery; entries still queued are dropped. */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.wake?.();
  }

  private async drain(): Promise<void> {
    this.sending = true;
    let delay = RETRY_FIRST_MS;
    let reported = false;
    while (!this.closed && this.queue.length > 0) {
      try {
        await this.post(this.queue[0]!);
        this.queue.shift();
        this.sent += 1;
        this.state = 'online';
        delay = RETRY_FIRST_MS;
        reported = false;
      } catch (err) {
        // The entry stays first in line: order is kept, and nothing is lost while the
        // endpoint is down unless the queue fills.
        this.state = 'offline';
        if (!reported) {
          reported = true;
          this.log(`webhook ${this.name}: delivery failed: ${(err as Error).message}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          timer.unref();
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
    this.sending = false;
  }

  private post(body: string): Promise<void> {
    const url = new URL(this.settings.endpoint);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'Stowage',
    };
    const auth = authorizationHeader(this.settings.authToken);
    if (auth) headers.authorization = auth;
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers, timeout: SEND_TIMEOUT_MS, ...(this.tls ?? {}) },
        (res) => {
          res.resume();
          res.on('end', () => {
            const code = res.statusCode ?? 0;
            if (code >= 200 && code < 300) resolve();
            else reject(new Error(`${url.origin} answered ${code}`));
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${url.origin} did not answer in time`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}
