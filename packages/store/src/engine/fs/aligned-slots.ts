import { constants } from 'node:fs';

// Page-aligned staging memory for O_DIRECT writes. Direct I/O wants the user buffer's address
// aligned to the device's block size, and Node's Buffers promise no alignment; a WebAssembly
// memory starts on a page boundary, so fixed-size slots carved from one are aligned too.
// Untouched pages of it cost no resident memory.

/** The alignment direct I/O gets: 4 KiB serves 512-byte and 4 KiB-sector devices alike. */
export const ALIGN = 4096;

/**
 * One slot holds a shard of a 1 MiB block at any data count (the whole block with one
 * drive), its checksum and what an earlier block left short of ALIGN.
 */
export const SLOT_SIZE = (1 << 20) + 2 * ALIGN;

/** Slots in all: uploads beyond them write their shards through the page cache. */
const SLOTS = 64;
const WASM_PAGE = 64 * 1024;

let memory: WebAssembly.Memory | null | undefined;
const free: number[] = [];
const taken = new Set<number>();

function ensureMemory(): WebAssembly.Memory | null {
  if (memory !== undefined) return memory;
  // STOWAGE_ODIRECT=off writes every shard through the page cache (as MinIO's api odirect=off);
  // so does a platform without O_DIRECT (macOS).
  if (process.env.STOWAGE_ODIRECT === 'off' || !constants.O_DIRECT) {
    memory = null;
    return memory;
  }
  try {
    memory = new WebAssembly.Memory({ initial: Math.ceil((SLOT_SIZE * SLOTS) / WASM_PAGE) });
    for (let i = SLOTS - 1; i >= 0; i--) free.push(i);
  } catch {
    memory = null; // no WebAssembly here: every write goes through the page cache
  }
  return memory;
}

/** A free slot of SLOT_SIZE bytes starting on an ALIGN boundary; undefined when none is free. */
export function takeAlignedSlot(): Buffer | undefined {
  const mem = ensureMemory();
  const i = mem ? free.pop() : undefined;
  if (mem === null || i === undefined) return undefined;
  taken.add(i);
  return Buffer.from(mem.buffer, i * SLOT_SIZE, SLOT_SIZE);
}

/** Returns a slot from takeAlignedSlot once no write reads it any more; a second return is ignored. */
export function giveAlignedSlot(slot: Buffer): void {
  if (!memory || slot.buffer !== memory.buffer) return;
  const i = slot.byteOffset / SLOT_SIZE;
  if (!taken.delete(i)) return;
  free.push(i);
}

/** Slots free now (tests). */
export function freeAlignedSlots(): number {
  ensureMemory();
  return free.length;
}
