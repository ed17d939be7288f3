import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { TestStore } from '../support/store.js';

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

  return { presigned, form, send, read };
}
