import { setTimeout as delay } from 'node:timers/promises';
import { flagOn, type HealFrame, type HealQuery, type HealthColours } from '@stowage/contract';
import type { HealDriveInfo, HealResultItem, MadminClient } from '@stowage/madmin';

/** How often the sequence is polled, as the original console did. */
const POLL_MS = 1000;

type Colour = keyof HealthColours;

const noColours = (): HealthColours => ({ Green: 0, Yellow: 0, Red: 0, Grey: 0 });

/**
 * An item's health from its drives: Green with every shard in place, Yellow while at least
 * half of the parity is left, Red while it can still be read, Grey when it cannot. Items
 * without erasure counts (buckets, metadata) are copies on every drive: one is enough to read.
 */
export function healthColour(
  drives: HealDriveInfo[] | null,
  item: Pick<HealResultItem, 'dataBlocks' | 'parityBlocks'>,
): Colour {
  const list = drives ?? [];
  const online = list.filter((d) => d.state === 'ok').length;
  if (list.length === 0 || online === list.length) return 'Green';
  const data = item.dataBlocks && item.dataBlocks > 0 ? item.dataBlocks : 1;
  const parity = item.parityBlocks && item.parityBlocks > 0 ? item.parityBlocks : list.length - data;
  const spare = online - data;
  if (spare < 0) return 'Grey';
  return spare >= parity / 2 ? 'Yellow' : 'Red';
}

export function healOptions(query: HealQuery) {
  return {
    opts: {
      recursive: flagOn(query.recursive),
      dryRun: flagOn(query['dry-run']),
      remove: flagOn(query.remove),
      scanMode: query.scan === 'deep' ? (2 as const) : (1 as const),
    },
    force: { forceStart: flagOn(query['force-start']), forceStop: flagOn(query['force-stop']) },
  };
}

/** Running totals over every item polled so far. */
export class HealTally {
  bytesScanned = 0;
  itemsScanned = 0;
  objectsScanned = 0;
  itemsHealed = 0;
  objectsHealed = 0;
  readonly before = noColours();
  readonly after = noColours();

  add(item: HealResultItem): void {
    const before = healthColour(item.before.drives, item);
    const after = healthColour(item.after.drives, item);
    this.itemsScanned++;
    this.before[before]++;
    this.after[after]++;
    const healed = before !== after || missingDrives(item.before.drives) > missingDrives(item.after.drives);
    if (healed) this.itemsHealed++;
    if (item.type === 'object') {
      this.objectsScanned++;
      this.bytesScanned += item.objectSize ?? 0;
      if (healed) this.objectsHealed++;
    }
  }

  frame(summary: string, startedAt: number, now: number, detail?: string): HealFrame {
    return {
      summary,
      ...(detail ? { detail } : {}),
      healDuration: Math.max(0, (now - startedAt) / 1000),
      bytesScanned: this.bytesScanned,
      itemsScanned: this.itemsScanned,
      objectsScanned: this.objectsScanned,
      itemsHealed: this.itemsHealed,
      objectsHealed: this.objectsHealed,
      healthBeforeCols: { ...this.before },
      healthAfterCols: { ...this.after },
    };
  }
}

const missingDrives = (drives: HealDriveInfo[] | null) =>
  (drives ?? []).filter((d) => d.state !== 'ok').length;

/** Starts (or force-stops) a heal sequence and yields its running totals after every poll. */
export async function* healFrames(
  admin: MadminClient,
  bucket: string,
  query: HealQuery,
  signal: AbortSignal,
): AsyncGenerator<HealFrame> {
  const prefix = query.prefix ?? '';
  const { opts, force } = healOptions(query);
  const started = await admin.heal.start(bucket, prefix, opts, force, { signal });
  const startedAt = Date.now();
  const tally = new HealTally();
  if (force.forceStop) {
    yield tally.frame('stopped', startedAt, Date.now());
    return;
  }
  while (!signal.aborted) {
    const status = await admin.heal.status(bucket, prefix, started.clientToken, { signal });
    for (const item of status.items) tally.add(item);
    yield tally.frame(status.summary, startedAt, Date.now(), status.detail);
    if (status.summary === 'finished' || status.summary === 'stopped') return;
    await delay(POLL_MS, undefined, { signal }).catch(() => {}); // aborted: the loop ends
  }
}
