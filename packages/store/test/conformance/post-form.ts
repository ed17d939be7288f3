import { createHmac } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { signingKey } from '@stowage/madmin';
import { ROOT, type TestStore } from '@stowage/test-support/store/harness';

// Browser form uploads as the POST Object tests send them: the policy and its signed fields
// from minio's presignedPostPolicy, framed as browsers frame multipart/form-data.

export interface Post {
  postURL: string;
  formData: Record<string, string>;
}

export type PostPolicyBuilder = ReturnType<TestStore['minio']['newPostPolicy']>;

export const BOUNDARY = '----StowageFormBoundary7MA4YWxkTrZu0gW';

interface FormOptions {
  /** Fields sent after the file (S3 ignores them). */
  after?: Record<string, string>;
  /** Bytes after the closing delimiter. */
  epilogue?: string;
}

/** multipart/form-data as browsers frame it; the file goes last, unless `after` says otherwise. */
export function form(
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type?: string },
  opts: FormOptions = {},
) {
  const field = (k: string, v: string) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => field(k, v));
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
    ...Object.entries(opts.after ?? {}).map(([k, v]) => field(k, v)),
    Buffer.from(`--${BOUNDARY}--\r\n${opts.epilogue ?? ''}`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/**
 * A policy document as a form carries it: base64 JSON, signed as the form's `version` signs
 * it. For V4 the policy names the algorithm, credential and date fields, as SDKs write it
 * (a string policy is sent as it is).
 */
export function signedPolicy(
  policy: { expiration: string; conditions: unknown[] } | string,
  version: 'v2' | 'v4',
  creds: { accessKey: string; secretKey: string } = ROOT,
  now = new Date(),
): Record<string, string> {
  const base64 = (doc: object | string) =>
    Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc)).toString('base64');
  if (version === 'v2') {
    const text = base64(policy);
    const signature = createHmac('sha1', creds.secretKey).update(text).digest('base64');
    return { AWSAccessKeyId: creds.accessKey, policy: text, signature };
  }
  const amzDate = `${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  const scope = { date: amzDate.slice(0, 8), region: 'us-east-1', service: 's3' };
  const fields = {
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': `${creds.accessKey}/${scope.date}/${scope.region}/s3/aws4_request`,
    'x-amz-date': amzDate,
  };
  const text = base64(
    typeof policy === 'string'
      ? policy
      : {
          ...policy,
          conditions: [...policy.conditions, ...Object.entries(fields).map(([k, v]) => ({ [k]: v }))],
        },
  );
  const signature = createHmac('sha256', signingKey(creds.secretKey, scope)).update(text).digest('hex');
  return { ...fields, policy: text, 'x-amz-signature': signature };
}

/** An expiration `minutes` from now, as a policy writes it. */
export const expiresIn = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The helpers, bound to the test file's store (made in its beforeAll) and bucket `forms`. */
export function postForms(store: () => TestStore) {
  async function presigned(setup: (p: PostPolicyBuilder) => void): Promise<Post> {
    const t = store();
    const policy = t.minio.newPostPolicy();
    policy.setBucket('forms');
    policy.setExpires(new Date(Date.now() + 10 * 60_000));
    setup(policy);
    return (await t.minio.presignedPostPolicy(policy)) as Post;
  }

  async function send(
    post: Post,
    fields: Record<string, string>,
    file: { name: string; data: Buffer },
    opts: FormOptions = {},
  ) {
    const { body, contentType } = form({ ...post.formData, ...fields }, file, opts);
    const res = await fetch(post.postURL, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  const read = async (key: string) =>
    (await (
      await store().s3.send(new GetObjectCommand({ Bucket: 'forms', Key: key }))
    ).Body?.transformToString()) ?? '';

  /** Sends `fields` and the file to the bucket `forms`, signed or not as the fields say. */
  const post = (
    fields: Record<string, string>,
    file: { name: string; data: Buffer },
    opts: FormOptions = {},
  ) => send({ postURL: `${store().store.url}/forms`, formData: {} }, fields, file, opts);

  return { presigned, form, send, post, read };
}
