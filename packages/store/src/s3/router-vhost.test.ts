import type { IncomingMessage } from 'node:http';
import * as s3sdk from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createContext } from '../http/context.js';
import type { Identity } from '../iam/credentials.js';
import { verifyHeaderAuth } from './auth/signature-v4.js';
import { domainsFromEnv } from './request/address.js';
import { hostBucket, parseS3Request, type S3Operation } from './router.js';

// Virtual-host style addressing: `Host: <bucket>.<domain>` when the store serves `domain`.
// The requests are the ones @aws-sdk/client-s3 builds with forcePathStyle: false, captured
// before they reach the network (no DNS for bucket subdomains is needed), then parsed and
// signature-checked exactly as the server does.

const DOMAINS = ['s3.stowage.test', 'stowage.test'];
const KEYS: Identity = {
  accessKey: 'vhost-key',
  secretKey: 'vhost-secret',
  kind: 'root',
  parent: 'vhost-key',
};

/** One SDK call, made against the capturing client. */
type Call = (client: s3sdk.S3Client) => Promise<unknown>;

interface Captured {
  method: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function urlOf(req: Captured): string {
  const pairs = Object.entries(req.query).flatMap(([k, v]) =>
    v === null ? [enc(k)] : (Array.isArray(v) ? v : [v]).map((x) => `${enc(k)}=${enc(x)}`),
  );
  return pairs.length === 0 ? req.path : `${req.path}?${pairs.join('&')}`;
}

/** What the SDK would send for `command`, virtual-host style against http://s3.stowage.test:9000. */
async function capture(call: Call): Promise<IncomingMessage> {
  let seen: Captured | undefined;
  const client = new s3sdk.S3Client({
    endpoint: 'http://s3.stowage.test:9000',
    region: 'us-east-1',
    forcePathStyle: false,
    credentials: { accessKeyId: KEYS.accessKey, secretAccessKey: KEYS.secretKey },
    maxAttempts: 1,
    requestHandler: {
      handle: async (req: Captured) => {
        seen = req;
        throw new Error('captured');
      },
    },
  });
  await expect(call(client)).rejects.toThrow('captured');
  if (!seen) throw new Error('no request captured');
  const headers = Object.fromEntries(Object.entries(seen.headers).map(([k, v]) => [k.toLowerCase(), v]));
  headers.host ??= seen.port ? `${seen.hostname}:${seen.port}` : seen.hostname;
  return {
    method: seen.method,
    url: urlOf(seen),
    headers,
    rawHeaders: Object.entries(headers).flatMap(([k, v]) => [k, String(v)]),
  } as unknown as IncomingMessage;
}

async function serverView(call: Call): Promise<{ host: string; op: S3Operation }> {
  const ctx = createContext(await capture(call));
  verifyHeaderAuth(ctx, {
    service: 's3',
    region: 'us-east-1',
    lookup: () => KEYS,
    now: new Date(),
    client: ctx.client,
    guard: { admit() {}, failed() {} },
  });
  const op = parseS3Request({
    method: ctx.method,
    path: ctx.path ?? '',
    query: ctx.query,
    headers: ctx.headers,
    host: ctx.host,
    domains: DOMAINS,
  });
  return { host: ctx.host, op };
}

describe('virtual-host style addressing', () => {
  it('hostBucket: bucket label before a configured domain, port ignored, longest domain wins', () => {
    expect(hostBucket('photos.s3.stowage.test:9000', DOMAINS)).toBe('photos');
    expect(hostBucket('Photos.S3.Stowage.Test', DOMAINS)).toBe('photos');
    expect(hostBucket('my.dotted.bucket.stowage.test', DOMAINS)).toBe('my.dotted.bucket');
    expect(hostBucket('s3.stowage.test:9000', DOMAINS)).toBeUndefined();
    expect(hostBucket('127.0.0.1:9000', DOMAINS)).toBeUndefined();
    expect(hostBucket('photos.elsewhere.test', DOMAINS)).toBeUndefined();
    expect(hostBucket('photos.s3.stowage.test', undefined)).toBeUndefined();
    expect(hostBucket('.stowage.test', DOMAINS)).toBeUndefined();
  });

  it('domains come from STOWAGE_DOMAIN, else MINIO_DOMAIN, comma-separated', () => {
    expect(domainsFromEnv({ STOWAGE_DOMAIN: 'a.test, B.test ,', MINIO_DOMAIN: 'm.test' })).toEqual([
      'a.test',
      'b.test',
    ]);
    expect(domainsFromEnv({ MINIO_DOMAIN: 'm.test' })).toEqual(['m.test']);
    expect(domainsFromEnv({ STOWAGE_DOMAIN: ' , ' })).toBeUndefined();
    expect(domainsFromEnv({})).toBeUndefined();
  });

  it('parser: the whole path is the key; without domains the same request is path style', () => {
    const parts = { method: 'GET', path: '/a/b.txt', query: [], headers: {}, host: 'bkt.stowage.test' };
    expect(parseS3Request({ ...parts, domains: DOMAINS })).toMatchObject({
      op: 'GetObject',
      bucket: 'bkt',
      key: 'a/b.txt',
    });
    expect(parseS3Request(parts)).toMatchObject({ op: 'GetObject', bucket: 'a', key: 'b.txt' });
    expect(parseS3Request({ ...parts, path: '/', domains: DOMAINS })).toEqual({
      op: 'ListObjects',
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      maxKeys: 1000,
      marker: '',
    });
    // Path style on the bare domain keeps working.
    expect(parseS3Request({ ...parts, host: 's3.stowage.test', domains: DOMAINS })).toMatchObject({
      bucket: 'a',
      key: 'b.txt',
    });
  });

  it('@aws-sdk/client-s3 (forcePathStyle: false): signed requests verify and parse to the right operation', async () => {
    const put = await serverView((c) =>
      c.send(new s3sdk.PutObjectCommand({ Bucket: 'photos', Key: 'dir/My Summer☃.jpg', Body: 'x' })),
    );
    expect(put.host).toBe('photos.s3.stowage.test:9000');
    expect(put.op).toEqual({ op: 'PutObject', bucket: 'photos', key: 'dir/My Summer☃.jpg' });
    const list = await serverView((c) =>
      c.send(new s3sdk.ListObjectsV2Command({ Bucket: 'photos', Prefix: 'dir/', Delimiter: '/' })),
    );
    expect(list.op).toMatchObject({ op: 'ListObjectsV2', bucket: 'photos', prefix: 'dir/', delimiter: '/' });
    const head = await serverView((c) => c.send(new s3sdk.HeadBucketCommand({ Bucket: 'photos' })));
    expect(head.op).toEqual({ op: 'HeadBucket', bucket: 'photos' });
    const mp = await serverView((c) =>
      c.send(new s3sdk.CreateMultipartUploadCommand({ Bucket: 'photos', Key: 'big' })),
    );
    expect(mp.op).toEqual({ op: 'CreateMultipartUpload', bucket: 'photos', key: 'big' });
    const tagging = await serverView((c) => c.send(new s3sdk.GetBucketTaggingCommand({ Bucket: 'photos' })));
    expect(tagging.op).toEqual({ op: 'GetBucketConfig', bucket: 'photos', kind: 'tagging' });
  });
});
