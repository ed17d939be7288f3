// Deterministic bytes without holding them: a counter-mode stream of 1 MiB chunks, optionally
// hashed as they are produced.
import { Readable } from 'node:stream';

export function source(size, hash) {
  let sent = 0;
  const chunk = Buffer.alloc(2 ** 20);
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      chunk.writeUInt32LE(sent / 2 ** 20, 0);
      const n = Math.min(chunk.length, size - sent);
      sent += n;
      const out = Buffer.from(chunk.subarray(0, n));
      hash?.update(out);
      this.push(out);
    },
  });
}
