import { Readable } from 'node:stream';
import { UNSIGNED_PAYLOAD } from '@stowage/madmin';
import { type SseRequest, sseResponseHeaders } from '../../crypto/index.js';
import { type BucketSettings, bucketSettings, versioningOf } from '../../engine/bucket-settings.js';
import { assertObjectKey } from '../../engine/names.js';
import { type BodyFacts, MAX_OBJECT_SIZE, type StoredHeaderName } from '../../engine/object-layer.js';
import { header, headerBytes, noteSigner, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply, xmlReply } from '../../wire/reply.js';
import { el } from '../../wire/xml-writer.js';
import { CHECKSUM_NAME, checkValue, running } from '../auth/checksum.js';
import { authorize } from '../authorize.js';
import type { S3Deps } from '../call.js';
import { headerConditions, noteSignature } from '../condition-keys.js';
import { parseTagging, type Tag } from '../config/tagging.js';
import type { PostedObject } from '../events.js';
import { writeObject } from '../object-io.js';
import { boundaryOf, type PostForm, readPostForm } from '../post/form.js';
import { checkPostPolicy, type LengthRange, parsePostPolicy } from '../post/policy.js';
import { authenticateForm, type FormSigner, requiredField } from '../post/signature.js';
import { objectUrl } from '../request/address.js';
import { assertStorageClass } from '../request/fields.js';
import { assertKeyCharacters, assertMetadataSize } from '../request/names.js';
import { defaultRetention } from '../request/object-lock.js';
import { encodeTagQuery, MAX_OBJECT_TAGS } from '../request/tagging.js';
import { parseContentMd5, sseAsked, withinQuota } from './objects.js';

const defaultLock = (settings: BucketSettings) =>
  settings.objectLock ? defaultRetention(settings.objectLock, new Date()) : {};

// Browser form uploads (POST Object): the form carries its own credentials (V4 or V2), which
// sign the base64 policy; the policy's conditions then bound the key, fields and size. A
// form without credentials is anonymous and gets only what a bucket policy grants everyone.

const STORED: readonly StoredHeaderName[] = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'expires',
  'x-amz-storage-class',
];

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

/**
 * The page to send the browser to: an absolute http(s) URL, as the URL parser writes it
 * (control characters dropped, the rest escaped). Anything else S3 "cannot interpret" and
 * ignores; the success status answers instead.
 */
function redirectUrl(given: string | undefined): string | undefined {
  if (!given) return undefined;
  try {
    const url = new URL(given);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
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
  const redirect = redirectUrl(fields.get('success_action_redirect') ?? fields.get('redirect'));
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

/** A stored form: the answer, and what was stored by whom (for its event). */
export interface PostOutcome {
  reply: Reply;
  posted: PostedObject;
  principal: string;
}

export async function postObject(deps: S3Deps, ctx: RequestContext, bucket: string): Promise<PostOutcome> {
  const length = header(ctx.headers, 'content-length');
  if (length === undefined || !/^\d+$/.test(length)) throw new ApiError('MissingContentLength');
  const form: PostForm = await readPostForm(
    ctx.req,
    boundaryOf(header(ctx.headers, 'content-type')),
    Number(length),
  );
  const { fields, file } = form;
  let key: string;
  let signer: FormSigner | undefined;
  let body: CheckedFile;
  let md5: Buffer | undefined;
  let tags: Tag[] | undefined;
  try {
    const now = new Date();
    const lookup = (accessKey: string) => deps.credentials.lookup(accessKey);
    signer = authenticateForm(fields, {
      service: 's3',
      region: deps.signingRegion,
      lookup,
      now,
      client: ctx.client,
      guard: deps.signers,
    });
    if (signer) {
      signer.identity = await deps.credentials.vouch(signer.identity);
      noteSigner(ctx, signer.identity);
      noteSignature(ctx, {
        type: 'POST',
        signedAt: signer.signedAt ?? now,
        payloadHash: UNSIGNED_PAYLOAD,
        ...(signer.version === 'v2' ? { version: 'AWS' as const } : {}),
      });
    }
    // The policy judges the key with the file's name in it, as MinIO does.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal key placeholder
    key = requiredField(fields, 'key').replaceAll('${filename}', file.filename);
    fields.set('key', key);
    // An anonymous form has no policy to meet: the bucket policy alone decides.
    const range = signer
      ? checkPostPolicy(
          parsePostPolicy(requiredField(fields, 'policy')),
          fields,
          now,
          { bucket },
          form.repeated,
        )
      : undefined;
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
    await authorize(deps, ctx, signer?.identity, {
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
  const contentType = headerBytes(fields.get('content-type') || 'binary/octet-stream');
  let sse: SseRequest = { kind: 'none' };
  const info = await (async () => {
    const settings = await bucketSettings(deps, bucket);
    // The form's encryption fields as a PUT's headers: SSE-S3, or SSE-C with the customer key.
    sse = sseAsked(ctx, Object.fromEntries(fields), settings, { kmsKeyId: deps.kms?.id });
    // The file's size is known only at its end: the quota holds room for the most it can be.
    return withinQuota(deps, bucket, settings, file.maxSize, () =>
      writeObject(deps, {
        bucket,
        key,
        body: body.stream,
        size: undefined,
        meta: {
          contentType,
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
  return {
    reply: successReply(fields, ctx, bucket, key, info.etag, answered),
    posted: { key, size: info.size, contentType },
    principal: signer?.identity.parent ?? '',
  };
}
