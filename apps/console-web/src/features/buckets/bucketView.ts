import type { Bucket } from '@stowage/contract';

/** Spec 001 §2: Access shows R, W, R/W or nothing. */
export function accessLabel(access: Bucket['rw_access']): string {
  if (access.read && access.write) return 'R/W';
  if (access.read) return 'R';
  if (access.write) return 'W';
  return '';
}

/** Search Buckets: case-insensitive name substring. */
export function filterBuckets(buckets: readonly Bucket[], search: string): Bucket[] {
  const needle = search.trim().toLowerCase();
  return needle ? buckets.filter((b) => b.name.toLowerCase().includes(needle)) : [...buckets];
}

export const bucketBrowsePath = (name: string) => `/buckets/${encodeURIComponent(name)}/browse`;
export const bucketAdminPath = (name: string) => `/buckets/${encodeURIComponent(name)}/admin`;
