import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { type Credentials, signRequest } from '@stowage/madmin';
import { Client as MinioClient } from 'minio';
import { type StoreHandle, startStore } from '../../src/index.js';
import { s3sdk } from './sdk.js';

export const ROOT = { accessKey: 'stowage-root', secretKey: 'stowage-root-secret' };

export interface TestStore {
  store: StoreHandle;
  dir: string;
  drives: string[];
  s3: S3Client;
  minio: MinioClient;
  logs: string[];
  client(creds: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }): S3Client;
  close(): Promise<void>;
}

/** A real store on 127.0.0.1:0 over four fresh drive directories, plus SDK clients for it. */
export async function startTestStore(opts: { region?: string } = {}): Promise<TestStore> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-store-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  const logs: string[] = [];
  const store = await startStore({
    drives,
    rootCredentials: ROOT,
    log: (l) => logs.push(l),
    ...(opts.region ? { region: opts.region } : {}),
  });
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
  return {
    store,
    dir,
    drives,
    s3,
    minio,
    logs,
    client,
    async close() {
      s3.destroy();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends exactly these bytes (no SDK normalisation), for malformed-input tests. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A SigV4 header-signed request (madmin's signer), optionally tampered with after signing. */
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
  const url = new URL(`http://127.0.0.1:${port}${p.path}`);
  const headers = signRequest(
    { method: p.method, url, headers: p.headers ?? {}, payloadHash: createHash('sha256').update(body).digest('hex') },
    p.creds ?? ROOT,
    { region: p.region ?? 'us-east-1', service: p.service ?? 's3', ...(p.now ? { now: p.now } : {}) },
  );
  p.tamper?.(headers);
  const sent = p.bodyOverride === undefined ? body : Buffer.from(p.bodyOverride);
  if (p.chunked) headers['transfer-encoding'] = 'chunked';
  else if (sent.length > 0) headers['content-length'] = String(sent.length);
  return rawRequest(port, p.method, `${url.pathname}${url.search}`, headers, sent.length > 0 ? sent : undefined);
}

/** The <Code> of an S3/STS XML error body. */
export function xmlCode(body: string): string | undefined {
  return /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
}
