import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { signingKey, UNSIGNED_PAYLOAD } from '@stowage/madmin';
import { type SseRequest, sseResponseHeaders } from '../../crypto/index.js';
import { sameSecret } from '../../crypto/same-secret.js';
import { assertObjectKey } from '../../engine/names.js';
import { type BodyFacts, MAX_OBJECT_SIZE, type StoredHeaderName } from '../../engine/object-layer.js';
import { header, headerBytes, type RequestContext } from '../../http/context.js';
import { emptyReply, type Reply, xmlReply } from '../../http/reply.js';
import type { Identity } from '../../iam/credentials.js';
import { CHECKSUM_NAME, checkValue, running } from '../auth/checksum.js';
import { type AuthOptions, checkScope, identify, parseAmzDate, signatureMismatch } from '../auth/common.js';
import { authorize } from '../authorize.js';
import type { S3Deps } from '../call.js';
import { headerConditions, noteSignature } from '../condition-keys.js';
import { parseTagging, type Tag } from '../config/tagging.js';
import { ApiError } from '../errors.js';
import { writeObject } from '../object-io.js';
import { boundaryOf, type PostForm, readPostForm } from '../post/form.js';
import { checkPostPolicy, type LengthRange, parsePostPolicy } from '../post/policy.js';
import { objectUrl } from '../request/address.js';
import { assertStorageClass } from '../request/fields.js';
import { assertKeyCharacters, assertMetadataSize } from '../request/names.js';
import { defaultRetention } from '../request/object-lock.js';
import { encodeTagQuery, MAX_OBJECT_TAGS } from '../request/tagging.js';
import { type BucketSettings, bucketSettings, versioningOf } from '../settings.js';
import { el } from '../xml/writer.js';
import { parseContentMd5, sseAsked, withinQuota } from './objects.js';

const defaultLock = (settings: BucketSettings) =>
  settings.objectLock ? defaultRetention(settings.objectLock, new Date()) : {};

// Browser form uploads (POST Object): the form carries its own SigV4 credentials, which sign
// the base64 policy; the policy's conditions then bound the key, fields and size.

const STORED: readonly StoredHeaderName[] = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'expires',
  'x-amz-storage-class',
];

function required(fields: Map<string, string>, name: string): string {
  const v = fields.get(name);
  if (v === undefined)
    throw new ApiError('InvalidArgument', `Bucket POST must contain a field named '${name}'.`);
  return v;
}

/** Checks the form's signature over its policy; returns when it is the signer's. */
function authenticate(fields: Map<string, string>, opts: AuthOptions): Identity {
  if (!fields.has('x-amz-signature')) throw new ApiError('AccessDenied');
  if (required(fields, 'x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    throw new ApiError('InvalidArgument', 'x-amz-algorithm only supports "AWS4-HMAC-SHA256"');
  const credential = required(fields, 'x-amz-credential').split('/');
  const amzDate = required(fields, 'x-amz-date');
  if (credential.length < 5 || credential.at(-1) !== 'aws4_request')
    throw new ApiError('AccessDenied', 'Error parsing the x-amz-credential field');
  if (!parseAmzDate(amzDate))
    throw new ApiError('AccessDenied', 'x-amz-date must be in the ISO8601 Long Format');
  const [date, region, service] = credential.slice(-4) as [string, string, string];
  const scope = { date, region, service };
  checkScope(scope, amzDate, opts, 'AccessDenied');
  const identity = identify(credential.slice(0, -4).join('/'), fields.get('x-amz-security-token'), opts);
  const expected = createHmac('sha256', signingKey(identity.secretKey, scope))
    .update(required(fields, 'policy'))
    .digest('hex');
  if (!sameSecret(expected, required(fields, 'x-amz-signature'))) throw signatureMismatch(opts, identity);
  return identity;
}

/** The one x-amz-checksum-<algorithm> field of the form, if any. */
function formChecksum(fields: Map<string, string>): { algorithm: string; value: string } | undefined {
  const given = [...fields].filter(([name]) => CHECKSUM_NAME.test(name));
  if (given.length > 1) throw new ApiError('InvalidRequest', 'Expecting a single x-amz-checksum- field.');
  const [name, value] = given[0] ?? [];
  if (name === undefined) return undefined;
  // Checked as the header is: a value that cannot be the algorithm's digest is InvalidRequest.
  const algorithm = CHECKSUM_NAME.exec(name)![1]!;
  checkValue(algorithm, name, value);
  return { algorithm, value: value! };
}

interface CheckedFile {
  stream: Readable;
  /** The checksum the version keeps, once the stream has ended. */
  facts: () => BodyFacts;
}

/**
 * The file's bytes, refused as they stream: past the policy's content-length-range or the
 * largest object (EntityTooLarge), under its minimum (EntityTooSmall), and against the
 * checksum field (BadDigest). Nothing is committed before the stream has ended.
 */
function checkedFile(
  source: AsyncIterable<Buffer>,
  range: LengthRange | undefined,
  checksum: { algorithm: string; value: string } | undefined,
): CheckedFile {
  const max = Math.min(range?.max ?? MAX_OBJECT_SIZE, MAX_OBJECT_SIZE);
  const sum = checksum ? running(checksum.algorithm) : undefined;
  async function* bytes(): AsyncGenerator<Buffer> {
    let size = 0;
    for await (const chunk of source) {
      size += chunk.length;
      if (size > max) throw new ApiError('EntityTooLarge');
      sum?.update(chunk);
      yield chunk;
    }
    if (size < (range?.min ?? 0)) throw new ApiError('EntityTooSmall');
    if (checksum && sum?.digest().toString('base64') !== checksum.value)
      throw new ApiError(
        'BadDigest',
        `The ${checksum.algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
      );
  }
  return {
    stream: Readable.from(bytes()),
    facts: () => (checksum ? { internal: { [`checksum-${checksum.algorithm}`]: checksum.value } } : {}),
  };
}

/** `url` with `query` added to its own query, before any #fragment. */
function withQuery(url: string, query: string): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

function successReply(
  fields: Map<string, string>,
  ctx: RequestContext,
  bucket: string,
  key: string,
  etag: string,
  objectHeaders: Record<string, string>,
): Reply {
  const location = objectUrl(ctx, bucket, key);
  const headers = { ...objectHeaders, ETag: `"${etag}"`, Location: location };
  const redirect = fields.get('success_action_redirect') ?? fields.get('redirect');
  if (redirect) {
    const q = `bucket=${encodeURIComponent(bucket)}&key=${encodeURIComponent(key)}&etag=${encodeURIComponent(`"${etag}"`)}`;
    return emptyReply(303, { ...headers, Location: withQuery(redirect, q) });
  }
  const status = fields.get('success_action_status');
  if (status === '201') {
    return xmlReply(
      el(
        'PostResponse',
        el('Location', location),
        el('Bucket', bucket),
        el('Key', key),
        el('ETag', `"${etag}"`),
      ),
      201,
      headers,
    );
  }
  return emptyReply(status === '200' ? 200 : 204, headers);
}

export async function postObject(deps: S3Deps, ctx: RequestContext, bucket: string): Promise<Reply> {
  const length = header(ctx.headers, 'content-length');
  if (length === undefined || !/^\d+$/.test(length)) throw new ApiError('MissingContentLength');
  const form: PostForm = await readPostForm(
    ctx.req,
    boundaryOf(header(ctx.headers, 'content-type')),
    Number(length),
  );
  const { fields, file } = form;
  let key: string;
  let identity: Identity;
  let body: CheckedFile;
  let md5: Buffer | undefined;
  let tags: Tag[] | undefined;
  try {
    const now = new Date();
    const lookup = (accessKey: string) => deps.credentials.lookup(accessKey);
    identity = await deps.credentials.vouch(
      authenticate(fields, {
        service: 's3',
        region: deps.signingRegion,
        lookup,
        now,
        client: ctx.client,
        guard: deps.signers,
      }),
    );
    const signedAt = parseAmzDate(fields.get('x-amz-date') ?? '');
    if (signedAt) noteSignature(ctx, { type: 'POST', signedAt, payloadHash: UNSIGNED_PAYLOAD });
    // The policy judges the key with the file's name in it, as MinIO does.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal key placeholder
    key = required(fields, 'key').replaceAll('${filename}', file.filename);
    fields.set('key', key);
    const range = checkPostPolicy(parsePostPolicy(required(fields, 'policy')), fields, now, { bucket });
    body = checkedFile(file.body, range, formChecksum(fields));
    md5 = parseContentMd5(fields.get('content-md5'));
    tags = fields.has('tagging')
      ? parseTagging(Buffer.from(fields.get('tagging')!), MAX_OBJECT_TAGS)
      : undefined;
    assertObjectKey(key);
    assertKeyCharacters(key);
    assertMetadataSize(
      Object.fromEntries(
        [...fields].filter(([k]) => k.startsWith('x-amz-meta-')).map(([k, v]) => [k, headerBytes(v)]),
      ),
    );
    assertStorageClass(fields.get('x-amz-storage-class'));
    // The form's fields stand for a PUT's headers: policies judge them as those headers.
    await authorize(deps, ctx, identity, {
      action: 's3:PutObject',
      bucket,
      key,
      conditions: headerConditions(Object.fromEntries(fields)),
    });
  } catch (err) {
    await form.discard();
    throw err;
  }
  const userMeta: Record<string, string> = {};
  // Form fields are text; stored as a header's bytes, as a PUT's headers are (headerBytes).
  for (const [k, v] of fields) if (k.startsWith('x-amz-meta-')) userMeta[k.slice(11)] = headerBytes(v);
  const headers: Partial<Record<StoredHeaderName, string>> = {};
  for (const name of STORED) {
    const v = fields.get(name);
    if (v && !(name === 'x-amz-storage-class' && v === 'STANDARD')) headers[name] = headerBytes(v);
  }
  let sse: SseRequest = { kind: 'none' };
  const info = await (async () => {
    const settings = await bucketSettings(deps, bucket);
    // The form's encryption fields as a PUT's headers: SSE-S3, or SSE-C with the customer key.
    sse = sseAsked(ctx, Object.fromEntries(fields), settings);
    // The file's size is known only at its end: the quota holds room for the most it can be.
    return withinQuota(deps, bucket, settings, file.maxSize, () =>
      writeObject(deps, {
        bucket,
        key,
        body: body.stream,
        size: undefined,
        meta: {
          contentType: headerBytes(fields.get('content-type') || 'binary/octet-stream'),
          userMeta,
          headers,
          ...defaultLock(settings),
          ...(tags ? { tags: encodeTagQuery(tags) } : {}),
        },
        sse,
        versioning: versioningOf(settings, key),
        ...(md5 ? { expectedMd5: md5 } : {}),
        afterBody: body.facts,
      }),
    );
  })().catch(async (err: unknown) => {
    await form.discard();
    throw err;
  });
  const answered = sseResponseHeaders(sse);
  // A versioned bucket names the new version, as MinIO's POST handler does.
  if (info.versionId !== 'null') answered['x-amz-version-id'] = info.versionId;
  return successReply(fields, ctx, bucket, key, info.etag, answered);
}
