import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DriveIndex } from './drive-index.js';

describe('DriveIndex', () => {
  it('acknowledges a write only once its commit is flushed to disk', async () => {
    const drive = await mkdtemp(join(tmpdir(), 'drive-index-'));
    const ix = await DriveIndex.open(drive);
    try {
      // Waves of concurrent writes, as a busy store makes them. Each write notes whether the
      // index had flushed everything committed by the time the write resolved.
      let early = 0;
      for (let wave = 0; wave < 20; wave++) {
        await Promise.all(
          Array.from({ length: 50 }, async (_, i) => {
            let flushed = false;
            await ix.objects.put(Buffer.from(`k${wave}/${i}`), Buffer.alloc(2500, i));
            void ix.objects.flushed.then(() => {
              flushed = true;
            });
            await new Promise((resolve) => setImmediate(resolve));
            if (!flushed) early++;
          }),
        );
      }
      expect(early).toBe(0);
      // What makes that hold however the writes come: every commit syncs before it resolves.
      expect((ix as unknown as { env: { overlappingSync: boolean } }).env.overlappingSync).toBe(false);
    } finally {
      await ix.close();
      await rm(drive, { recursive: true, force: true });
    }
  });
});
