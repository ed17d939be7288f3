// Block buffers circulate instead of being made per block: a 1 MiB buffer made and dropped
// per object keeps the collector busy (every one counts as external memory, and enough of
// it starts a full mark of the heap). Uploads take them for the blocks that go to the
// coding workers; reads take them for the blocks they send, and lend them out.

const POOL_MAX = 32;
const pool = new Map<number, ArrayBuffer[]>();

/** A buffer of exactly `size` bytes, from the pool when one is free. */
export function takeBuffer(size: number): ArrayBuffer {
  return pool.get(size)?.pop() ?? new ArrayBuffer(size);
}

/** Returns a buffer nothing references any more. */
export function giveBack(buffer: ArrayBuffer): void {
  if (buffer.byteLength === 0) return;
  const free = pool.get(buffer.byteLength) ?? [];
  if (free.length === 0) pool.set(buffer.byteLength, free);
  if (free.length < POOL_MAX) free.push(buffer);
}

// A chunk handed to a reader whose buffer may come back: only the final consumer (the HTTP
// writer, once the socket has sent it) returns it. A chunk nobody returns is collected as
// usual; a copy or a slice of it carries no loan, so nothing can be returned twice.
const loans = new WeakMap<Uint8Array, ArrayBuffer>();

/** Marks `chunk` (a view of `buffer`, from takeBuffer) as returnable. */
export function lend(chunk: Buffer, buffer: ArrayBuffer): Buffer {
  loans.set(chunk, buffer);
  return chunk;
}

/** The consumer is done with `chunk`: its buffer goes back to the pool if it was lent. */
export function giveBackLoan(chunk: Uint8Array): void {
  const buffer = loans.get(chunk);
  if (buffer === undefined) return;
  loans.delete(chunk);
  giveBack(buffer);
}
