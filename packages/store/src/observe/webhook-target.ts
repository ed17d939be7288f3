import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { urlHostPort } from '../net/address.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { Logger } from './logger.js';
import { QueuedTarget, type TargetStatus } from './queued-target.js';

export type { TargetStatus } from './queued-target.js';

// One logger_webhook, audit_webhook or notify_webhook target: entries are POSTed one per
// request, in order, as MinIO's HTTP logger does (queueing and retries: queued-target.ts).

export interface WebhookSettings {
  endpoint: string;
  authToken: string;
  queueSize: number;
  clientCert?: string;
  clientKey?: string;
}

const SEND_TIMEOUT_MS = 5000;

/** The Authorization header MinIO sends: a bare token becomes a bearer token. */
export function authorizationHeader(token: string): string | undefined {
  if (token === '') return undefined;
  return token.includes(' ') ? token : `Bearer ${token}`;
}

export class WebhookTarget<T = unknown> extends QueuedTarget<T> {
  private readonly tls: { cert: Buffer; key: Buffer } | undefined;
  /**
   * The target's own kept-alive connections, closed with it: Node's global agent would
   * hand one to another target, or to this one under another outbound policy, unchecked.
   */
  private readonly agent: HttpAgent;

  constructor(
    name: string,
    readonly settings: WebhookSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
    this.tls =
      settings.clientCert && settings.clientKey
        ? { cert: readFileSync(settings.clientCert), key: readFileSync(settings.clientKey) }
        : undefined;
    this.agent = new (/^https:/i.test(settings.endpoint) ? HttpsAgent : HttpAgent)({ keepAlive: true });
    this.probe();
  }

  protected override stopped(): void {
    this.agent.destroy();
  }

  /** The endpoint's host and port, and the options its connections take (STOWAGE_OUTBOUND_ALLOW). */
  private dial(url: URL) {
    const { host, port } = urlHostPort(url);
    return { host, port, options: this.outbound.dialOptions(host, port) };
  }

  /** Until a delivery says otherwise: online when the endpoint accepts a connection. */
  private probe(): void {
    const settle = (state: TargetStatus) => {
      if (this.sent === 0 && !this.sending) this.state = state;
      socket?.destroy();
    };
    let socket: Socket | undefined;
    try {
      const { host, port, options } = this.dial(new URL(this.settings.endpoint));
      socket = connect({ host, port, timeout: SEND_TIMEOUT_MS, ...options });
    } catch {
      settle('offline');
      return;
    }
    socket.once('connect', () => settle('online'));
    socket.once('timeout', () => settle('offline'));
    socket.once('error', () => settle('offline'));
  }

  /** Entries are JSON-encoded and POSTed one per request, as MinIO's HTTP targets do. */
  protected deliver(entry: T): Promise<void> {
    return this.post(JSON.stringify(entry));
  }

  private async post(body: string): Promise<void> {
    const url = new URL(this.settings.endpoint);
    const { options } = this.dial(url);
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
        {
          method: 'POST',
          headers,
          timeout: SEND_TIMEOUT_MS,
          agent: this.agent,
          ...options,
          ...(this.tls ?? {}),
        },
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
