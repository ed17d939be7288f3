import {
  type CompleteUploadRequest,
  type CompleteUploadResponse,
  type CreateUploadRequest,
  type CreateUploadResponse,
  type ListUploadPartsResponse,
  planParts,
  type SignPartsResponse,
  type SignPutResponse,
  type UploadSettings,
} from '@stowage/contract';
import { type Credentials, presignUrl } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import type { ConsoleConfig } from '../../config.js';
import { ApiError } from '../../http/errors.js';
import type { PolicyRule } from '../../session/grants.js';
import { hasPermission } from '../../session/has-permission.js';
import { browserObjectUrl, browserServerUrl } from './browser-urls.js';

// Browser-direct multipart uploads: the console starts, lists, completes and aborts the upload
// with the session's credentials, and signs part URLs the browser PUTs its bytes to. The bytes
// never pass through the console.

/** Part URLs are good this long: signed in batches just before use, a refreshed session signs the next. */
export const PART_URL_SECONDS = 15 * 60;

export function uploadSettings(config: ConsoleConfig): UploadSettings {
  const uploads = config.uploads ?? {};
  return {
    mode: uploads.proxy ? 'proxy' : 'direct',
    server_url: browserServerUrl(config),
    ...(uploads.maxPartBytes ? { max_part_bytes: uploads.maxPartBytes } : {}),
  };
}

/** The console signs nothing the session's policy does not allow (the server checks the rest). */
function mayPut(rules: readonly PolicyRule[], bucket: string, key: string): void {
  if (!hasPermission(rules, 's3:PutObject', bucket, key))
    throw new ApiError(
      'forbidden',
      `no s3:PutObject on ${bucket}/${key}`,
      'You may not upload to this path.',
    );
}

/** A key a browser may name: no leading slash, no empty or dot segments. */
function checkKey(key: string): void {
  if (key.startsWith('/') || key.endsWith('/') || key.split('/').some((s) => s === '.' || s === '..'))
    throw new ApiError('badRequest', `invalid object name '${key.slice(0, 64)}'`);
}

export async function createUpload(
  s3: S3Client,
  rules: readonly PolicyRule[],
  config: ConsoleConfig,
  bucket: string,
  req: CreateUploadRequest,
): Promise<CreateUploadResponse> {
  checkKey(req.key);
  mayPut(rules, bucket, req.key);
  const maxPart = config.uploads?.maxPartBytes;
  const plan = planParts(req.size, maxPart);
  if (!plan)
    throw new ApiError(
      'badRequest',
      `a file of ${req.size} bytes does not fit in 10,000 parts${maxPart ? ` of at most ${maxPart} bytes` : ''}`,
      'This file is too large to upload through this server.',
    );
  const headers: Record<string, string> = { 'Content-Type': req.content_type || 'application/octet-stream' };
  if (req.checksum_algorithm) headers['x-amz-checksum-algorithm'] = req.checksum_algorithm;
  const uploadId = await storageCall(s3.initiateNewMultipartUpload(bucket, req.key, headers));
  return {
    key: req.key,
    upload_id: uploadId,
    part_size: plan.partSize,
    part_count: plan.partCount,
    ...(req.checksum_algorithm ? { checksum_algorithm: req.checksum_algorithm } : {}),
  };
}

/**
 * A presigned PUT of `url`, good for PART_URL_SECONDS. A checksum given is signed in: the
 * browser must send it, and the server checks the bytes against it.
 */
function presignPut(
  session: Credentials,
  config: ConsoleConfig,
  url: URL,
  now: Date,
  checksum?: { algorithm: string; value: string },
): string {
  const headers = checksum
    ? { [`x-amz-checksum-${checksum.algorithm.toLowerCase()}`]: checksum.value }
    : undefined;
  return presignUrl({
    method: 'PUT',
    url,
    creds: session,
    region: config.region,
    expiresSeconds: PART_URL_SECONDS,
    now,
    ...(headers ? { headers } : {}),
  }).toString();
}

export interface PartsToSign {
  key: string;
  uploadId: string;
  partNumbers: number[];
  checksumAlgorithm?: string | undefined;
  checksums?: string[] | undefined;
}

export function signParts(
  session: Credentials,
  rules: readonly PolicyRule[],
  config: ConsoleConfig,
  bucket: string,
  req: PartsToSign,
  now = new Date(),
): SignPartsResponse {
  checkKey(req.key);
  mayPut(rules, bucket, req.key);
  const { checksumAlgorithm, checksums } = req;
  if (
    (checksumAlgorithm === undefined) !== (checksums === undefined) ||
    (checksums && checksums.length !== req.partNumbers.length)
  )
    throw new ApiError(
      'badRequest',
      'body/checksums must name one checksum per part, with checksum_algorithm',
    );
  const base = browserObjectUrl(config, bucket, req.key);
  const urls = req.partNumbers.map((n, i) => {
    const url = new URL(base);
    url.searchParams.set('partNumber', String(n));
    url.searchParams.set('uploadId', req.uploadId);
    const checksum = checksums?.[i];
    return {
      part_number: n,
      url: presignPut(
        session,
        config,
        url,
        now,
        checksum ? { algorithm: checksumAlgorithm!, value: checksum } : undefined,
      ),
    };
  });
  return { urls, expires_at: new Date(now.getTime() + PART_URL_SECONDS * 1000).toISOString() };
}

export interface PutToSign {
  key: string;
  size: number;
  checksumAlgorithm?: string | undefined;
  checksum?: string | undefined;
}

/**
 * A presigned PutObject of a whole file, for one that fits in one part: one request instead of
 * a multipart upload's four, and S3 gives the object its MD5 as ETag, as any other client's PUT
 * gets. Larger files go in parts, so that no request is larger than a part (a proxy's limit).
 */
export function signPut(
  session: Credentials,
  rules: readonly PolicyRule[],
  config: ConsoleConfig,
  bucket: string,
  req: PutToSign,
  now = new Date(),
): SignPutResponse {
  checkKey(req.key);
  mayPut(rules, bucket, req.key);
  if ((req.checksumAlgorithm === undefined) !== (req.checksum === undefined))
    throw new ApiError('badRequest', 'body/checksum and body/checksum_algorithm go together');
  const plan = planParts(req.size, config.uploads?.maxPartBytes);
  if (!plan || plan.partCount > 1)
    throw new ApiError('badRequest', `a file of ${req.size} bytes goes in parts (POST …/uploads)`);
  const checksum = req.checksum ? { algorithm: req.checksumAlgorithm!, value: req.checksum } : undefined;
  return {
    url: presignPut(session, config, new URL(browserObjectUrl(config, bucket, req.key)), now, checksum),
    expires_at: new Date(now.getTime() + PART_URL_SECONDS * 1000).toISOString(),
  };
}

export async function listParts(
  s3: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<ListUploadPartsResponse> {
  const parts: ListUploadPartsResponse['parts'] = [];
  // ListParts pages by part number; the SDK's own listing is not public.
  for (let marker = 0; ; ) {
    const res = await storageCall(
      s3.makeRequestAsync({
        method: 'GET',
        bucketName: bucket,
        objectName: key,
        query: `uploadId=${encodeURIComponent(uploadId)}${marker ? `&part-number-marker=${marker}` : ''}`,
      }),
    );
    const body = await readText(res);
    for (const [, part] of body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
      const field = (name: string) => part?.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? '';
      parts.push({
        part_number: Number(field('PartNumber')),
        etag: field('ETag')
          .replace(/&quot;/g, '"')
          .replace(/^"|"$/g, ''),
        size: Number(field('Size')),
      });
    }
    const next = Number(body.match(/<NextPartNumberMarker>(\d+)</)?.[1] ?? 0);
    if (!/<IsTruncated>true</.test(body) || next <= marker) return { parts };
    marker = next;
  }
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * CompleteMultipartUpload, written here rather than through the SDK's: that one cannot send
 * the parts' checksums.
 */
export async function completeUpload(
  s3: S3Client,
  rules: readonly PolicyRule[],
  bucket: string,
  req: CompleteUploadRequest,
): Promise<CompleteUploadResponse> {
  const algorithm = req.checksum_algorithm;
  mayPut(rules, bucket, req.key);
  const parts = [...req.parts].sort((a, b) => a.part_number - b.part_number);
  if (parts.some((p, i) => i > 0 && p.part_number === parts[i - 1]!.part_number))
    throw new ApiError('badRequest', 'body/parts names a part twice');
  const checksumTag = algorithm ? `Checksum${algorithm.toUpperCase()}` : undefined;
  const xml = `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts
    .map(
      (p) =>
        `<Part><PartNumber>${p.part_number}</PartNumber><ETag>${xmlEscape(p.etag)}</ETag>${
          checksumTag && p.checksum ? `<${checksumTag}>${xmlEscape(p.checksum)}</${checksumTag}>` : ''
        }</Part>`,
    )
    .join('')}</CompleteMultipartUpload>`;
  const res = await storageCall(
    s3.makeRequestAsync(
      {
        method: 'POST',
        bucketName: bucket,
        objectName: req.key,
        query: `uploadId=${encodeURIComponent(req.upload_id)}`,
      },
      xml,
    ),
  );
  const body = await readText(res);
  // S3 may answer 200 and put the error in the body (a complete that failed late).
  const error = body.match(/<Error>[\s\S]*?<Code>([^<]*)<\/Code>[\s\S]*?<Message>([^<]*)<\/Message>/);
  if (error) throw new ApiError('badRequest', error[2] ?? 'complete failed', `${error[1]}: ${error[2]}`);
  const etag = body
    .match(/<ETag>([^<]*)<\/ETag>/)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/^"|"$/g, '');
  if (!etag) throw new ApiError('backendError', 'the server did not name the ETag of the object');
  const versionId = res.headers['x-amz-version-id'];
  return {
    key: req.key,
    etag,
    ...(typeof versionId === 'string' && versionId !== 'null' ? { version_id: versionId } : {}),
  };
}

async function readText(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function abortUpload(
  s3: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  // The SDK puts the id into the query as it is; ours may hold characters to escape.
  await storageCall(s3.abortMultipartUpload(bucket, key, encodeURIComponent(uploadId)));
}
