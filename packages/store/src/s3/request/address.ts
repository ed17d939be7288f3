import type { RequestContext } from '../../http/context.js';

// Where a request's bucket and key come from: the path (path style) or, for a configured
// domain, the Host header (virtual-host style).

/** Splits a decoded path-style path into bucket and key ('' when absent). */
export function splitPath(path: string): { bucket: string; key: string } {
  const rest = path.startsWith('/') ? path.slice(1) : path;
  const slash = rest.indexOf('/');
  return slash < 0 ? { bucket: rest, key: '' } : { bucket: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

/**
 * The bucket a virtual-host style Host header names (`<bucket>.<domain>[:port]`), or
 * undefined for path style. The longest matching domain wins, so with both `example.com`
 * and `s3.example.com` configured, `b.s3.example.com` is bucket `b`.
 */
export function hostBucket(
  host: string | undefined,
  domains: readonly string[] | undefined,
): string | undefined {
  if (!host || !domains || domains.length === 0) return undefined;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const sorted = domains.map((d) => d.toLowerCase()).sort((a, b) => b.length - a.length);
  // A configured domain itself is path style, even when it sits under another one.
  if (sorted.includes(name)) return undefined;
  for (const domain of sorted) {
    if (name.length > domain.length + 1 && name.endsWith(`.${domain}`))
      return name.slice(0, -domain.length - 1);
  }
  return undefined;
}

/**
 * Virtual-host domains from the environment, read like the root credentials are:
 * STOWAGE_DOMAIN, else MINIO_DOMAIN, comma-separated as MinIO reads it.
 */
export function domainsFromEnv(env: Record<string, string | undefined> = process.env): string[] | undefined {
  const raw = env.STOWAGE_DOMAIN || env.MINIO_DOMAIN;
  const domains = (raw ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');
  return domains.length > 0 ? domains : undefined;
}

/**
 * The URL of an object as S3 answers it (CompleteMultipartUpload, POST uploads), in the
 * request's own style: path style, or the bucket's host for a virtual-host request.
 */
export function objectUrl(ctx: RequestContext, bucket: string, key: string): string {
  const secure = 'encrypted' in ctx.req.socket && ctx.req.socket.encrypted === true;
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `${secure ? 'https' : 'http'}://${ctx.host}/${ctx.virtualHost ? '' : `${bucket}/`}${path}`;
}
