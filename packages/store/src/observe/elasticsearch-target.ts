import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { highwayHash256 } from '../crypto/highway.js';
import { httpCall } from '../net/http-call.js';
import type { OutboundPolicy } from '../net/outbound.js';
import { type EventFormat, type EventLog, removesObject } from './event-log.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_elasticsearch, as MinIO's client for Elasticsearch 7 and later: the server's
// version is checked and the index created when missing, then "namespace" keeps one
// document per object (PUT, or DELETE on a delete) and "access" adds one per event (POST).
// Document ids are MinIO's: HighwayHash-256 (MinIO's key) of `bucket/object`, base64url with
// padding, so a namespace index written by MinIO is kept up by the store and the other way round.

const TIMEOUT_MS = 5000;

export interface ElasticsearchSettings {
  url: string;
  index: string;
  format: EventFormat;
  username: string;
  password: string;
  queueSize: number;
}

/** The document id MinIO gives the object `bucket/object`. */
export const documentId = (key: string): string =>
  highwayHash256(Buffer.from(key, 'utf8')).toString('base64').replaceAll('+', '-').replaceAll('/', '_');

export class ElasticsearchTarget extends QueuedTarget<EventLog> {
  private readonly base: string;
  private readonly auth: string | undefined;
  private ready = false;
  /** Its own kept-alive connections, closed with it (see httpCall). */
  private readonly agent: HttpAgent;

  constructor(
    name: string,
    readonly settings: ElasticsearchSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
    const url = new URL(settings.url);
    const user = settings.username || decodeURIComponent(url.username);
    const pass = settings.password || decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
    this.base = url.toString().replace(/\/$/, '');
    this.auth = user ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : undefined;
    this.agent = new (url.protocol === 'https:' ? HttpsAgent : HttpAgent)({ keepAlive: true });
  }

  protected override stopped(): void {
    this.agent.destroy();
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const res = await httpCall(
      new URL(`${this.base}${path}`),
      {
        method,
        headers: {
          ...(this.auth ? { authorization: this.auth } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: TIMEOUT_MS,
        agent: this.agent,
      },
      this.outbound,
    );
    const text = res.text;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }

  private async expectOk(method: string, path: string, body?: unknown): Promise<void> {
    const { status, json } = await this.call(method, path, body);
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
  }

  /** The server is 7 or later, and the index exists. */
  private async prepare(): Promise<void> {
    const info = await this.call('GET', '/');
    const version = (info.json as { version?: { number?: string } } | undefined)?.version?.number ?? '';
    if (info.status >= 300 || !(Number.parseInt(version, 10) >= 7))
      throw new Error(
        `Elasticsearch version '${version}' is not supported! Please use at least version 7.x.`,
      );
    const index = encodeURIComponent(this.settings.index);
    const found = await this.call('GET', `/_resolve/index/${index}`);
    const names = ((found.json as { indices?: { name: string }[] } | undefined)?.indices ?? []).map(
      (i) => i.name,
    );
    if (!names.includes(this.settings.index)) await this.expectOk('PUT', `/${index}`);
    this.ready = true;
  }

  protected async deliver(log: EventLog): Promise<void> {
    if (!this.ready) await this.prepare();
    const index = encodeURIComponent(this.settings.index);
    const doc = { Records: log.Records };
    if (this.settings.format === 'access') return this.expectOk('POST', `/${index}/_doc`, doc);
    const id = documentId(log.Key);
    if (!removesObject(log)) return this.expectOk('PUT', `/${index}/_doc/${id}`, doc);
    if ((await this.call('HEAD', `/${index}/_doc/${id}`)).status === 200)
      await this.expectOk('DELETE', `/${index}/_doc/${id}`);
  }
}
