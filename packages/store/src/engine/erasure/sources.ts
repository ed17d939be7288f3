import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { objectDir } from '../fs/layout.js';
import type { ShardSource } from './decode.js';
import type { Chosen } from './meta.js';

export interface OpenSources {
  /** Indexed by shard. */
  sources: (ShardSource | undefined)[];
  available: number;
  close(): Promise<void>;
}

/**
 * Opens the shard streams of the chosen version. Files are opened before any byte is
 * sent, so an overwrite that unlinks them later cannot cut the read short.
 */
export async function openSources(
  drives: readonly string[],
  bucket: string,
  key: string,
  chosen: Chosen,
): Promise<OpenSources> {
  const { data, parity } = chosen.record.erasure;
  const sources: (ShardSource | undefined)[] = new Array(data + parity).fill(undefined);
  await Promise.all(
    chosen.holders.map(async (h, drive) => {
      if (!h || h.erasure.index >= sources.length) return;
      if (h.inline !== undefined) {
        sources[h.erasure.index] = { drive, inline: Buffer.from(h.inline, 'base64') };
        return;
      }
      try {
        const fh = await open(join(objectDir(drives[drive]!, bucket, key), h.dataId), 'r');
        sources[h.erasure.index] = { drive, fh };
      } catch {
        // Missing shard file: the decoder reports it and uses another drive.
      }
    }),
  );
  return {
    sources,
    available: sources.filter((s) => s !== undefined).length,
    close: async () => {
      await Promise.all(sources.map((s) => s?.fh?.close().catch(() => {})));
    },
  };
}
