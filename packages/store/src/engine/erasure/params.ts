import { EngineError } from '../errors.js';

/** 1 MiB per erasure block: big enough for sequential I/O, small enough to stream. */
export const BLOCK_SIZE = 1024 * 1024;
/** Objects up to this size live inside their metadata records (one read per drive). */
export const INLINE_MAX = 128 * 1024;

export interface ErasureParams {
  drives: number;
  data: number;
  parity: number;
  /** Drives that must hold a consistent copy for a read to trust it. */
  readQuorum: number;
  /** Drives that must commit a write for it to succeed. */
  writeQuorum: number;
}

/** MinIO's defaults: no parity on one drive, half the drives up to 4 parity otherwise. */
export function defaultParity(drives: number): number {
  return drives === 1 ? 0 : Math.min(Math.floor(drives / 2), 4);
}

export function erasureParams(drives: number, parity = defaultParity(drives)): ErasureParams {
  if (!Number.isInteger(parity) || parity < 0 || parity > Math.floor(drives / 2))
    throw new Error(`Parity must be an integer from 0 to ${Math.floor(drives / 2)} for ${drives} drive(s)`);
  const data = drives - parity;
  // With data == parity two disjoint halves could each hold `data` shards of different
  // writes; one more drive makes committed writes overlap (as MinIO does).
  return { drives, data, parity, readQuorum: data, writeQuorum: data === parity ? data + 1 : data };
}

/** The set's rules for an object of `parity` parity shards (its storage class's). */
export const paramsWithParity = (set: ErasureParams, parity: number | undefined): ErasureParams =>
  parity === undefined || parity === set.parity ? set : erasureParams(set.drives, parity);

/** Quorum rules for a record's own layout (old objects may use another one than the set's). */
export const readQuorumOf = (e: { data: number }): number => e.data;

export const quorumError = (op: 'read' | 'write'): EngineError =>
  new EngineError(op === 'read' ? 'XMinioInsufficientReadQuorum' : 'XMinioInsufficientWriteQuorum');
