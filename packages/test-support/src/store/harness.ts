import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import * as s3sdk from '@aws-sdk/client-s3';
import {
  amzDate,
  type Credentials,
  canonicalHeaders,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  prometheusToken,
  type Scope,
  scopeString,
  signature,
  stringToSign,
} from '@stowage/madmin';
import { type LogEntry, type StoreHandle, type StoreOptions, startStore } from '@stowage/store';
import { Client as MinioClient } from 'minio';

export const ROOT = { accessKey: 'stowage-root', secretKey: 'stowage-root-secret' };

export interface TestStore {
  store: StoreHandle;
  dir: string;
  drives: string[];
  s3: S3Client;
  minio: MinioClient;
  /** The messages of the store's log entries, in order. */
  logs: string[];
  /** The store's log entries themselves. */
  entries: LogEntry[];
  client(creds: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }): S3Client;
  /** Stops the store and starts it again on the same drives and port (configuration that needs a restart). */
  restart(): Promise<void>;
  /** Stops the store until start() (a remote that is down for a while). */
  stop(): Promise<void>;
  /** Starts a stopped store again on the same drives and port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A real store on 127.0.0.1:0 over four fresh drive directories, plus SDK clients for it. */
export async function startTestStore(
  opts: {
    region?: string;
    idleTimeoutMs?: number;
    drives?: number;
    identity?: StoreOptions['identity'];
    trustedProxies?: StoreOptions['trustedProxies'];
    relayToken?: StoreOptions['relayToken'];
    /** A static KMS key, `<name>:<base64 of 32 bytes>` (SSE-KMS). */
    kmsSecretKey?: string;
    /** STOWAGE_OUTBOUND_ALLOW for this store (read once, when it starts). */
    outboundAllow?: string;
    /** The clock lifecycle rules are judged by (StoreOptions.clock). */
    clock?: () => Date;
    /** The environment MINIO_<SUBSYS>_<KEY> configuration is read from (StoreOptions.env); none by default. */
    env?: Record<string, string>;
  } = {},
): Promise<TestStore> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-store-'));
  const drives = Array.from({ length: opts.drives ?? 4 }, (_, i) => join(dir, `drive${i + 1}`));
  const logs: string[] = [];
  const entries: LogEntry[] = [];
  const start = (port = 0) =>
    startStore({
      drives,
      port,
      rootCredentials: ROOT,
      log: (e) => {
        logs.push(e.message);
        entries.push(e);
      },
      ...(opts.region ? { region: opts.region } : {}),
      ...(opts.idleTimeoutMs ? { idleTimeoutMs: opts.idleTimeoutMs } : {}),
      ...(opts.identity ? { identity: opts.identity } : {}),
      ...(opts.trustedProxies ? { trustedProxies: opts.trustedProxies } : {}),
      ...(opts.relayToken ? { relayToken: opts.relayToken } : {}),
      ...(opts.kmsSecretKey ? { kmsSecretKey: opts.kmsSecretKey } : {}),
      ...(opts.clock ? { clock: opts.clock } : {}),
      env: opts.env ?? {},
    });
  const launch = (port?: number) =>
    opts.outboundAllow === undefined
      ? start(port)
      : withEnv({ STOWAGE_OUTBOUND_ALLOW: opts.outboundAllow }, () => start(port));
  const store = await launch();
  const client = (credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) =>
    new s3sdk.S3Client({
      endpoint: store.url,
      region: opts.region ?? 'us-east-1',
      forcePathStyle: true,
      credentials,
      maxAttempts: 1,
    });
  const s3 = client({ accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey });
  const minio = new MinioClient({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: ROOT.accessKey,
    secretKey: ROOT.secretKey,
    ...(opts.region ? { region: opts.region } : {}),
  });
  const handle: TestStore = {
    store,
    dir,
    drives,
    s3,
    minio,
    logs,
    entries,
    client,
    async restart() {
      await this.stop();
      await this.start();
    },
    async stop() {
      await this.store.close();
    },
    async start() {
      this.store = await launch(this.store.port);
    },
    async close() {
      s3.destroy();
      // The store a test restarted, if it did.
      await this.store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** Runs `work` with these environment variables set, restoring them after (settings read at start). */
export async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends exactly these bytes (no SDK normalisation), for malformed-input tests; from
 * `localAddress` (another loopback address, as another client) when given.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
  localAddress?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = {
      host: '127.0.0.1',
      port,
      method,
      path,
      headers,
      ...(localAddress ? { localAddress } : {}),
    };
    const req = request(target, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One gauge or counter of the store's cluster metrics (summed over its series), scraped with
 * the root's token as Prometheus does. The scrape is itself among the requests in flight.
 */
export async function storeMetric(port: number, name: string): Promise<number> {
  const res = await rawRequest(port, 'GET', '/minio/v2/metrics/cluster', {
    authorization: `Bearer ${prometheusToken(ROOT)}`,
  });
  const series = res.body
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
  if (series.length === 0) throw new Error(`no metric ${name}`);
  return series.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * A SigV4 header-signed request built from the raw path (no URL normalisation, so dot
 * segments reach the server as written), optionally tampered with after signing.
 */
/**
 * SigV4 headers for a request written by hand, signing every header given. The path is
 * signed as sent (madmin's signRequest goes through URL, which would resolve `..` and
 * re-escape the very paths the bad-input tests send).
 */
export function sigV4Headers(
  port: number,
  p: {
    method: string;
    path: string;
    /** The body's SHA-256 in hex, or UNSIGNED-PAYLOAD. */
    payloadHash: string;
    headers?: Record<string, string>;
    creds?: Credentials;
    region?: string;
    service?: string;
    now?: Date;
  },
): Record<string, string> {
  const creds: Credentials = p.creds ?? ROOT;
  const date = amzDate(p.now ?? new Date());
  const q = p.path.indexOf('?');
  const rawPath = q < 0 ? p.path : p.path.slice(0, q);
  const query = q < 0 ? [] : [...new URLSearchParams(p.path.slice(q + 1))];
  const headers: Record<string, string> = {
    ...p.headers,
    host: `127.0.0.1:${port}`,
    'x-amz-date': date,
    'x-amz-content-sha256': p.payloadHash,
  };
  if (creds.sessionToken) headers['x-amz-security-token'] = creds.sessionToken;
  const signed = Object.keys(headers).sort();
  const scope: Scope = {
    date: date.slice(0, 8),
    region: p.region ?? 'us-east-1',
    service: p.service ?? 's3',
  };
  const creq = canonicalRequest({
    method: p.method,
    canonicalUri: canonicalUri(decodeURIComponent(rawPath)),
    canonicalQuery: canonicalQuery(query),
    canonicalHeaders: canonicalHeaders(headers, signed),
    signedHeaders: signed,
    payloadHash: p.payloadHash,
  });
  const sig = signature(creds.secretKey, scope, stringToSign(date, scope, creq));
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKey}/${scopeString(scope)}, SignedHeaders=${signed.join(';')}, Signature=${sig}`;
  return headers;
}

export function signedRequest(
  port: number,
  p: {
    method: string;
    path: string;
    body?: string | Buffer;
    creds?: Credentials;
    region?: string;
    service?: string;
    now?: Date;
    headers?: Record<string, string>;
    tamper?: (headers: Record<string, string>) => void;
    /** Send these bytes instead of the signed body. */
    bodyOverride?: string | Buffer;
    /** Send with Transfer-Encoding: chunked and no Content-Length. */
    chunked?: boolean;
  },
): Promise<RawResponse> {
  const body = p.body === undefined ? Buffer.alloc(0) : Buffer.from(p.body);
  const headers = sigV4Headers(port, {
    method: p.method,
    path: p.path,
    payloadHash: createHash('sha256').update(body).digest('hex'),
    ...(p.headers ? { headers: p.headers } : {}),
    ...(p.creds ? { creds: p.creds } : {}),
    ...(p.region ? { region: p.region } : {}),
    ...(p.service ? { service: p.service } : {}),
    ...(p.now ? { now: p.now } : {}),
  });
  p.tamper?.(headers);
  const sent = p.bodyOverride === undefined ? body : Buffer.from(p.bodyOverride);
  if (p.chunked) headers['transfer-encoding'] = 'chunked';
  else if (sent.length > 0) headers['content-length'] = String(sent.length);
  return rawRequest(port, p.method, p.path, headers, sent.length > 0 ? sent : undefined);
}

/** The <Code> of an S3/STS XML error body. */
export function xmlCode(body: string): string | undefined {
  return /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
}
