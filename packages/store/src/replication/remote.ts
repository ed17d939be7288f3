import { sha256Hex, signRequest } from '@stowage/madmin';

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

export type RemoteState = 'versioned' | 'unversioned' | 'missing' | 'denied' | 'unreachable';

export async function probeRemoteBucket(
  r: RemoteBucket,
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteState> {
  const url = new URL(
    `${r.secure ? 'https' : 'http'}://${r.endpoint}/${encodeURIComponent(r.bucket)}?versioning=`,
  );
  const headers = signRequest(
    { method: 'GET', url, headers: {}, payloadHash: sha256Hex('') },
    { accessKey: r.accessKey, secretKey: r.secretKey },
    { region: r.region || 'us-east-1', service: 's3' },
  );
  delete headers.host;
  let res: Response;
  try {
    res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(10_000) });
  } catch {
    return 'unreachable';
  }
  const text = await res.text();
  if (res.status === 404) return 'missing';
  if (res.status === 403 || res.status === 401) return 'denied';
  if (!res.ok) return 'unreachable';
  return /<Status>Enabled<\/Status>/.test(text) ? 'versioned' : 'unversioned';
}
