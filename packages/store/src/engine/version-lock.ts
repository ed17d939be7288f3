import type { ObjectInfo } from './object-layer.js';

// Object lock (WORM) on one version, as MinIO applies it: whether removing it for good is
// refused. The S3 protocol answers a refused delete; lifecycle expiry leaves the version.

/** A legal hold or compliance retention always; governance retention unless bypassed. */
export function versionLocked(
  info: Pick<ObjectInfo, 'legalHold' | 'retention'>,
  bypass: boolean,
  now: Date,
): boolean {
  if (info.legalHold) return true;
  const r = info.retention;
  if (!r || r.until.getTime() <= now.getTime()) return false;
  return r.mode === 'COMPLIANCE' || !bypass;
}
