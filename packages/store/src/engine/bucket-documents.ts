// The values of a bucket's settings documents (engine/bucket-config-store.ts) that more than
// the S3 protocol reads: object lock and versioning, which lifecycle expiry obeys too. The S3
// kinds (s3/config/) parse and render them.

export interface DefaultRetention {
  mode: 'GOVERNANCE' | 'COMPLIANCE';
  days?: number;
  years?: number;
}

/** Present from CreateBucket on for buckets created with object lock. */
export interface ObjectLockValue {
  enabled: true;
  rule?: DefaultRetention;
}

export type VersioningStatus = 'Enabled' | 'Suspended';

/** The stored document. MinIO's extension: keys under these prefixes, or folders, get no versions. */
export interface VersioningValue {
  status: VersioningStatus;
  excludedPrefixes?: string[];
  excludeFolders?: boolean;
}

/** Whether a key of an enabled bucket is left unversioned (MinIO's PrefixSuspended). */
export function excludedFromVersioning(v: Omit<VersioningValue, 'status'>, key: string): boolean {
  if (v.excludeFolders && key.endsWith('/')) return true;
  // Each prefix is a pattern in which * matches anything, followed by anything (MinIO).
  return (v.excludedPrefixes ?? []).some((p) => wildcardPrefix(p).test(key));
}

const patterns = new Map<string, RegExp>();
function wildcardPrefix(prefix: string): RegExp {
  let re = patterns.get(prefix);
  if (!re) {
    const body = prefix
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    re = new RegExp(`^${body}`, 's');
    if (patterns.size > 1000) patterns.clear();
    patterns.set(prefix, re);
  }
  return re;
}
