import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErasureObjectLayer } from '../../engine/erasure/erasure-layer.js';
import type { ObjectInfo } from '../../engine/object-layer.js';
import { type EngineFixture, engineFixture, put } from '../../engine/test-support/engine.js';
import { createLogger, type LogEntry, silentLogger } from '../../observe/logger.js';
import { Scanner } from '../scanner.js';
import { TIER_STATS_DOC, TierUsage } from './tier-stats.js';
import { transitionValues } from './transitioned.js';

// The tier-stats visitor over a real erasure layer: versions given up to a tier as a
// transition leaves them (releaseVersionData with the transition's internal values).

let f: EngineFixture;
let layer: ErasureObjectLayer;
// The layer is built telling this of the versions it removes; a test says what it does.
let removed: (versions: ObjectInfo[]) => void;
beforeEach(async () => {
  removed = () => {};
  f = await engineFixture();
  layer = await f.open({ onVersionsRemoved: (_b, _k, versions) => removed(versions) });
  await layer.makeBucket('docs');
  await layer.makeBucket('history');
});
afterEach(() => f.close());

const fastest = { delay: 0, maxWaitMs: 0, cycleMs: 60_000 };

/** What a transition to `tier` leaves of the version. */
async function release(info: ObjectInfo, tier: string): Promise<void> {
  await layer.releaseVersionData(info.bucket, info.key, {
    versionId: info.versionId,
    etag: info.etag,
    modTime: info.modTime,
    headers: { 'x-amz-storage-class': tier },
    internal: transitionValues(info, { tier, object: `remote/${info.key}/${info.versionId}` }),
  });
}

/** docs/a (10 B, COLD), docs/b (local); history/k two versions (3 B and 5 B) both on WARM. */
async function store(): Promise<void> {
  await release(await layer.putObject(put('docs', 'a', '0123456789')), 'COLD');
  await layer.putObject(put('docs', 'b', 'stays'));
  const old = await layer.putObject(put('history', 'k', 'old', { versioning: 'enabled' }));
  const cur = await layer.putObject(put('history', 'k', 'newer', { versioning: 'enabled' }));
  await release(old, 'WARM');
  await release(cur, 'WARM');
}

async function cycle(usage: TierUsage): Promise<void> {
  const scanner = new Scanner(layer, silentLogger).use(usage);
  scanner.apply(fastest);
  await scanner.runCycle();
  await scanner.stop();
}

describe('TierUsage', () => {
  it('counts bytes, versions and latest versions per tier in a cycle, and keeps them', async () => {
    await store();
    const usage = new TierUsage(layer.system, silentLogger);
    expect(usage.stats().size).toBe(0);
    await cycle(usage);
    const expected = {
      COLD: { totalSize: 10, numVersions: 1, numObjects: 1 },
      WARM: { totalSize: 8, numVersions: 2, numObjects: 1 },
    };
    expect(Object.fromEntries(usage.stats())).toEqual(expected);
    expect(usage.updatedAt()).toBeInstanceOf(Date);
    // A new process answers with them before its first cycle.
    const doc = (await layer.system.read(TIER_STATS_DOC)) as { version: number };
    expect(doc.version).toBe(1);
    const next = new TierUsage(layer.system, silentLogger);
    await next.load();
    expect(Object.fromEntries(next.stats())).toEqual(expected);
    expect(next.updatedAt()?.toISOString()).toBe(usage.updatedAt()?.toISOString());
    // Another cycle that finds the same figures does not write them again.
    const written = (await layer.system.read(TIER_STATS_DOC)) as { updatedAt: string };
    await new Promise((r) => setTimeout(r, 2));
    await cycle(usage);
    expect(usage.updatedAt()!.toISOString() > written.updatedAt).toBe(true);
    expect(await layer.system.read(TIER_STATS_DOC)).toEqual(written);
  });

  it('a finished cycle replaces the figures; removals and transitions move them between cycles', async () => {
    await store();
    const usage = new TierUsage(layer.system, silentLogger);
    removed = (versions) => {
      for (const v of versions) usage.removed(v);
    };
    await cycle(usage);
    // The noncurrent WARM version goes: one version and 3 bytes less; docs/a goes from COLD.
    const [, noncurrent] = (
      await layer.listObjectVersions({
        bucket: 'history',
        prefix: '',
        delimiter: '',
        keyMarker: '',
        versionIdMarker: '',
        maxKeys: 10,
      })
    ).versions;
    await layer.deleteObject('history', 'k', { versionId: noncurrent!.versionId, versioning: 'enabled' });
    expect(usage.stats().get('WARM')).toEqual({ totalSize: 5, numVersions: 1, numObjects: 1 });
    await layer.deleteObject('docs', 'a', { versioning: 'unversioned' });
    expect(usage.stats().get('COLD')).toEqual({ totalSize: 0, numVersions: 0, numObjects: 0 });
    const b = await layer.getObjectInfo('docs', 'b', {});
    usage.transitioned('COLD', b);
    expect(usage.stats().get('COLD')).toEqual({ totalSize: 5, numVersions: 1, numObjects: 1 });
    // docs/b never really moved: the next cycle counts what is there.
    await cycle(usage);
    expect(Object.fromEntries(usage.stats())).toEqual({
      WARM: { totalSize: 5, numVersions: 1, numObjects: 1 },
    });
  });

  it('a change during a cycle counts in that cycle only for keys the walk has passed', async () => {
    await store();
    const usage = new TierUsage(layer.system, silentLogger);
    const a = await layer.getObjectInfo('docs', 'a', {});
    const b = await layer.getObjectInfo('docs', 'b', {});
    await usage.cycleStarted();
    await usage.visit({ bucket: 'docs', key: 'a', info: a, isLatest: true } as never);
    // docs/a was just visited (a visitor after this one moved it); docs/b is still ahead and
    // will be counted as the walk finds it, so counting it now would count it twice.
    usage.removed(a);
    usage.transitioned('COLD', { ...b, size: 100 });
    await usage.cycleDone();
    expect(usage.stats().get('COLD')).toEqual({ totalSize: 0, numVersions: 0, numObjects: 0 });
  });

  it('ignores kept figures of another shape, saying so', async () => {
    await layer.system.write(TIER_STATS_DOC, { version: 99, tiers: { COLD: 'many' } });
    const lines: LogEntry[] = [];
    const usage = new TierUsage(
      layer.system,
      createLogger((e) => lines.push(e)),
    );
    await usage.load();
    expect(usage.stats().size).toBe(0);
    expect(lines.map((l) => l.message)).toEqual([
      `tier stats: ${TIER_STATS_DOC} has an unknown shape; counting again`,
    ]);
  });
});
