import type { Bucket } from '@stowage/contract';

/** Spec 001 §2: Access shows R, W, R/W or nothing; the i18n key under `buckets.accessLevel`. */
export function accessLevel(access: Bucket['rw_access']): 'readWrite' | 'read' | 'write' | 'none' {
  if (access.read && access.write) return 'readWrite';
  if (access.read) return 'read';
  if (access.write) return 'write';
  return 'none';
}

/** Search Buckets: case-insensitive name substring. */
export function filterBuckets(buckets: readonly Bucket[], search: string): Bucket[] {
  const needle = search.trim().toLowerCase();
  return needle ? buckets.filter((b) => b.name.toLowerCase().includes(needle)) : [...buckets];
}

export const bucketBrowsePath = (name: string) => `/buckets/${encodeURIComponent(name)}/browse`;
export const bucketAdminPath = (name: string) => `/buckets/${encodeURIComponent(name)}/admin`;
