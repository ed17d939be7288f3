import { sha256Hex, signRequest } from '@stowage/madmin';
import { type HttpAnswer, httpCall } from '../net/http-call.js';
import { type OutboundPolicy, OutboundRefused } from '../net/outbound.js';

// What a replication target must be before it is accepted (as MinIO checks it): reachable
// with the given keys, its bucket present, and versioned. Asked with one signed S3 call.

export interface RemoteBucket {
  endpoint: string;
  secure: boolean;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/**
 * `no-versioning`: the bucket is there, but the server does not implement bucket versioning
 * at all (a plain S3 server answers 501 NotImplemented, or, as s3rver, a bucket listing).
 */
export type RemoteState =
  | 'versioned'
  | 'unversioned'
  | 'no-versioning'
  | 'missing'
  | 'denied'
  | 'unreachable';

export async function probeRemoteBucket(r: RemoteBucket, outbound: OutboundPolicy): Promise<RemoteState> {
  const url = new URL(
    `${r.secure ? 'https' : 'http'}://${r.endpoint}/${encodeURIComponent(r.bucket)}?versioning=`,
  );
  const headers = signRequest(
    { method: 'GET', url, headers: {}, payloadHash: sha256Hex('') },
    { accessKey: r.accessKey, secretKey: r.secretKey },
    { region: r.region || 'us-east-1', service: 's3' },
  );
  delete headers.host;
  let res: HttpAnswer;
  try {
    res = await httpCall(url, { method: 'GET', headers, timeoutMs: 10_000 }, outbound);
  } catch (err) {
    // An address the outbound list refuses is the caller's to name; the rest is unreachable.
    if (err instanceof OutboundRefused) throw err;
    return 'unreachable';
  }
  if (res.status === 404) return 'missing';
  if (res.status === 403 || res.status === 401) return 'denied';
  if (res.status === 501 || /<Code>NotImplemented<\/Code>/.test(res.text)) return 'no-versioning';
  if (res.status < 200 || res.status >= 300) return 'unreachable';
  // s3rver ignores the query and lists the bucket: no versioning document, no versioning.
  if (!res.text.includes('<VersioningConfiguration')) return 'no-versioning';
  return /<Status>Enabled<\/Status>/.test(res.text) ? 'versioned' : 'unversioned';
}
