import { ConfigError, effective, type ServerConfig } from './kv.js';
import { subsystem } from './subsystems.js';

// MinIO's storage_class subsystem: the parity shards of new objects, by the storage class a
// write names (x-amz-storage-class). STANDARD (or none) takes `standard`, default the set's
// parity; REDUCED_REDUNDANCY takes `rrs` (EC:1). Objects keep the layout they were written
// with, so a change applies to new objects only, at once.

/** "EC:N" → N; undefined when empty (the default applies); ConfigError when malformed. */
export function parseParity(key: string, value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const [scheme, count, ...rest] = text.split(':');
  if (rest.length > 0) throw new ConfigError(`Too many sections in ${text}`);
  if (scheme !== 'EC') throw new ConfigError(`Unsupported scheme ${scheme}. Supported scheme is EC`);
  if (count === undefined || !/^\d+$/.test(count))
    throw new ConfigError(`Failed to parse ${key} value ${text}: parity must be a whole number`);
  return Number(count);
}

export interface StorageClassParity {
  /** undefined: the set's own parity. */
  standard: number | undefined;
  rrs: number;
}

/** The configured parities, checked against a set of `drives` drives as MinIO checks them. */
export function storageClassParity(
  config: ServerConfig,
  drives: number,
  setParity: number,
): StorageClassParity {
  const sc = effective(config, subsystem('storage_class')!, '_');
  const standard = parseParity('standard', sc.standard);
  const rrs = parseParity('rrs', sc.rrs) ?? 1;
  if (drives === 1) return { standard: undefined, rrs: 0 }; // one drive: no erasure coding at all
  const most = Math.floor(drives / 2);
  for (const parity of [standard, rrs])
    if (parity !== undefined && parity > most)
      throw new ConfigError(`parity ${parity} should be less than or equal to ${most}`);
  const ss = standard ?? setParity;
  if (ss > 0 && rrs > 0 && ss < rrs)
    throw new ConfigError(
      `Standard storage class parity ${ss} should be greater than or equal to Reduced redundancy storage class parity ${rrs}`,
    );
  return { standard, rrs };
}

/**
 * The parities in force. A stored configuration this set cannot use (kept from before it
 * was checked) gives the defaults: writes must not fail over it.
 */
export function paritiesInForce(config: ServerConfig, drives: number, setParity: number): StorageClassParity {
  try {
    return storageClassParity(config, drives, setParity);
  } catch {
    return { standard: undefined, rrs: drives === 1 ? 0 : 1 };
  }
}

/** Both classes' parity as the admin API reports it, the set's own filled in for STANDARD. */
export function reportedParities(
  config: ServerConfig,
  backend: { setDrives: number; parityShards: number },
): { standard: number; rrs: number } {
  const parities = paritiesInForce(config, backend.setDrives, backend.parityShards);
  return { standard: parities.standard ?? backend.parityShards, rrs: parities.rrs };
}

/** The parity of a new object of `storageClass`; undefined for the set's own. */
export function parityFor(
  parities: StorageClassParity,
  storageClass: string | undefined,
): number | undefined {
  return storageClass === 'REDUCED_REDUNDANCY' ? parities.rrs : parities.standard;
}
