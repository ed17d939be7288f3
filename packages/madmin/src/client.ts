import { arch, platform } from 'node:os';
import { ConfigApi } from './api/config.js';
import { GroupsApi } from './api/groups.js';
import { HealApi } from './api/heal.js';
import { parseJson } from './api/json.js';
import { PoliciesApi } from './api/policies.js';
import { RemoteTargetsApi } from './api/remote-targets.js';
import { ServiceAccountsApi } from './api/service-accounts.js';
import {
  consoleLog,
  type HealthInfoOptions,
  healthInfo,
  type LogOptions,
  serviceTrace,
  type TraceOptions,
} from './api/streams.js';
import { TiersApi } from './api/tiers.js';
import { UsersApi } from './api/users.js';
import { decryptData, encryptData } from './crypto/index.js';
import { madminErrorFromResponse } from './errors.js';
import { type Credentials, sha256Hex, signRequest, uriEncode } from './sigv4.js';
import type { AccountInfo } from './types/account.js';
import type { DataUsageInfo, InfoMessage, StorageInfo } from './types/info.js';
import type { BucketQuota } from './types/quota.js';
import type { HealthInfo, LogInfo, TraceInfo } from './types/streams.js';

export const ADMIN_PREFIX = '/minio/admin/v3';
const CLIENT_VERSION = 'stowage-madmin/0.1.0';

export interface MadminClientOptions {
  /** Scheme, host and port only, e.g. http://127.0.0.1:9000. */
  endpoint: string;
  credentials: Credentials;
  /** Appended to the User-Agent, as madmin's SetAppInfo does (e.g. "Stowage Console/1.0"). */
  userAgent?: string;
  fetch?: typeof fetch;
}

export type QueryValues = Record<string, string | readonly string[] | undefined>;

export interface AdminRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  /** Relative to /minio/admin/v3, e.g. "/list-users". */
  path: string;
  query?: QueryValues;
  body?: Uint8Array | string;
  /** Encrypt the body with the signing secret key (madmin EncryptData). */
  encrypt?: boolean;
  /** The response body is madmin-encrypted with the signing secret key. */
  decrypt?: boolean;
  /** Only the idp-config calls send one (application/octet-stream); it is then signed. */
  contentType?: string;
  /** Each madmin method checks its own success status; any other 2xx is then an error too. */
  expectStatus?: number;
  signal?: AbortSignal;
}

export interface AdminResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Query text in the given order, RFC 3986 encoded (space as %20), so it matches what is signed. */
function encodeQuery(query: QueryValues | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value)
      parts.push(`${uriEncode(key, true)}=${uriEncode(v, true)}`);
  }
  return parts.join('&');
}

/** A client for the MinIO admin API (/minio/admin/v3), signing as madmin-go 2.0.7 does. */
export class MadminClient {
  readonly #endpoint: URL;
  readonly #credentials: Credentials;
  readonly #userAgent: string;
  readonly #fetch: typeof fetch | undefined;
  /** Users (§3.2). */
  readonly users = new UsersApi(this);
  /** Groups (§3.3). */
  readonly groups = new GroupsApi(this);
  /** Named policies and their mappings (§3.4). */
  readonly policies = new PoliciesApi(this);
  /** Service accounts: access keys of a user (§3.5). */
  readonly serviceAccounts = new ServiceAccountsApi(this);
  /** Server configuration KV (§3.6). */
  readonly config = new ConfigApi(this);
  /** Heal sequences (§3.8). */
  readonly heal = new HealApi(this);
  /** Remote (replication) targets of buckets (§3.7). */
  readonly remoteTargets = new RemoteTargetsApi(this);
  /** Remote tiers (§3.7). */
  readonly tiers = new TiersApi(this);

  constructor(opts: MadminClientOptions) {
    const url = new URL(opts.endpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`madmin: endpoint must be http or https, got ${url.protocol}`);
    }
    this.#endpoint = new URL(url.origin);
    this.#credentials = opts.credentials;
    const base = `MinIO (${platform()}; ${arch()}) ${CLIENT_VERSION}`;
    this.#userAgent = opts.userAgent ? `${base} ${opts.userAgent}` : base;
    this.#fetch = opts.fetch;
  }

  /** GET /accountinfo: the caller's buckets with usage and access, and its effective policy. */
  async accountInfo(opts: { prefixUsage?: boolean; signal?: AbortSignal } = {}): Promise<AccountInfo> {
    const res = await this.request({
      method: 'GET',
      path: '/accountinfo',
      query: opts.prefixUsage ? { 'prefix-usage': 'true' } : undefined,
      expectStatus: 200,
      signal: opts.signal,
    });
    const info = parseJson<AccountInfo>(res, 'accountinfo');
    // Go encodes a nil slice as null.
    return { ...info, Buckets: info.Buckets ?? [] };
  }

  /** GET /info: mode, backend, servers and their drives, services. */
  async serverInfo(opts: { signal?: AbortSignal } = {}): Promise<InfoMessage> {
    const res = await this.request({ method: 'GET', path: '/info', expectStatus: 200, signal: opts.signal });
    return parseJson<InfoMessage>(res, 'info');
  }

  /** GET /trace as an async iterable: requests as they are served, until `signal` aborts. */
  trace(opts: TraceOptions = {}): AsyncGenerator<TraceInfo> {
    return serviceTrace(this, opts);
  }

  /** GET /healthinfo as an async iterable of snapshots (the last one is complete). */
  healthInfo(opts: HealthInfoOptions = {}): AsyncGenerator<HealthInfo> {
    return healthInfo(this, opts);
  }

  /** GET /log as an async iterable: recent log lines, then live ones. */
  logs(opts: LogOptions = {}): AsyncGenerator<LogInfo> {
    return consoleLog(this, opts);
  }

  /** POST /service?action=restart: the server answers, then restarts (reloading its state). */
  serviceRestart(opts: { signal?: AbortSignal } = {}): Promise<void> {
    return this.service('restart', opts.signal);
  }

  /** POST /service?action=stop: the server answers, then stops. */
  serviceStop(opts: { signal?: AbortSignal } = {}): Promise<void> {
    return this.service('stop', opts.signal);
  }

  /** POST /service?action=freeze: S3 calls wait until as many unfreezes have followed. */
  serviceFreeze(opts: { signal?: AbortSignal } = {}): Promise<void> {
    return this.service('freeze', opts.signal);
  }

  /** POST /service?action=unfreeze: lifts one freeze. */
  serviceUnfreeze(opts: { signal?: AbortSignal } = {}): Promise<void> {
    return this.service('unfreeze', opts.signal);
  }

  private async service(
    action: 'restart' | 'stop' | 'freeze' | 'unfreeze',
    signal?: AbortSignal,
  ): Promise<void> {
    await this.request({ method: 'POST', path: '/service', query: { action }, expectStatus: 200, signal });
  }

  /** GET /storageinfo: every drive with its capacity, and the erasure backend. */
  async storageInfo(opts: { signal?: AbortSignal } = {}): Promise<StorageInfo> {
    const res = await this.request({
      method: 'GET',
      path: '/storageinfo',
      expectStatus: 200,
      signal: opts.signal,
    });
    const info = parseJson<StorageInfo>(res, 'storageinfo');
    return { ...info, Disks: info.Disks ?? [] };
  }

  /** GET /datausageinfo: object counts and sizes, in total and per bucket. */
  async dataUsageInfo(opts: { signal?: AbortSignal } = {}): Promise<DataUsageInfo> {
    const res = await this.request({
      method: 'GET',
      path: '/datausageinfo',
      expectStatus: 200,
      signal: opts.signal,
    });
    const info = parseJson<DataUsageInfo>(res, 'datausageinfo');
    return { ...info, bucketsUsageInfo: info.bucketsUsageInfo ?? {} };
  }

  /** GET /get-bucket-quota; 404 XMinioAdminNoSuchQuotaConfiguration when none is set. */
  async getBucketQuota(bucket: string, opts: { signal?: AbortSignal } = {}): Promise<BucketQuota> {
    const res = await this.request({
      method: 'GET',
      path: '/get-bucket-quota',
      query: { bucket },
      expectStatus: 200,
      signal: opts.signal,
    });
    return parseJson<BucketQuota>(res, 'get-bucket-quota');
  }

  /** PUT /set-bucket-quota with a plain JSON body; quota 0 clears it. */
  async setBucketQuota(
    bucket: string,
    quota: BucketQuota,
    opts: { signal?: AbortSignal } = {},
  ): Promise<void> {
    await this.request({
      method: 'PUT',
      path: '/set-bucket-quota',
      query: { bucket },
      body: JSON.stringify(quota),
      expectStatus: 200,
      signal: opts.signal,
    });
  }

  /** Sends one signed admin request; a status other than `expectStatus` is a MadminError. */
  async request(req: AdminRequest): Promise<AdminResponse> {
    const res = await this.send(req);
    const resBody = Buffer.from(await res.arrayBuffer());
    const out: AdminResponse = { status: res.status, headers: res.headers, body: resBody };
    if (req.decrypt) out.body = await decryptData(this.#credentials.secretKey, resBody);
    return out;
  }

  /** Sends a request whose answer is a stream; the body is handed over unread. */
  async openStream(req: AdminRequest): Promise<ReadableStream<Uint8Array>> {
    const res = await this.send(req);
    if (!res.body) throw new TypeError(`madmin: ${req.path} answered without a body`);
    return res.body;
  }

  private async send(req: AdminRequest): Promise<Response> {
    const url = new URL(`${ADMIN_PREFIX}${req.path}`, this.#endpoint);
    url.search = encodeQuery(req.query);
    let body = typeof req.body === 'string' ? Buffer.from(req.body, 'utf8') : req.body;
    if (req.encrypt) body = await encryptData(this.#credentials.secretKey, body ?? new Uint8Array(0));

    const unsigned: Record<string, string> = {
      'user-agent': this.#userAgent,
      // Node's fetch would ask for gzip; madmin never does.
      'accept-encoding': 'identity',
    };
    if (req.contentType) unsigned['content-type'] = req.contentType;
    const headers = signRequest(
      { method: req.method, url, headers: unsigned, payloadHash: sha256Hex(body ?? '') },
      this.#credentials,
      { region: '', service: 's3' },
    );
    // fetch derives Host from the URL, which is exactly what was signed.
    delete headers.host;

    const doFetch = this.#fetch ?? globalThis.fetch;
    // A copy gives fetch the ArrayBuffer-backed view its DOM typing asks for; admin bodies are small.
    const res = await doFetch(url, {
      method: req.method,
      headers,
      body: body && Buffer.from(body),
      signal: req.signal,
    });
    const ok = req.expectStatus === undefined ? res.ok : res.status === req.expectStatus;
    if (!ok) {
      const resBody = Buffer.from(await res.arrayBuffer());
      throw madminErrorFromResponse(res.status, res.statusText, resBody, res.headers.get('x-amz-request-id'));
    }
    return res;
  }
}
