import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErasureObjectLayer } from '../engine/erasure/erasure-layer.js';
import { type EngineFixture, engineFixture, put } from '../engine/test-support/engine.js';
import { createLogger, silentLogger } from '../observe/logger.js';
import { type ScannedUpload, type ScannedVersion, Scanner, scannerCycleSetting } from './scanner.js';

// The scanner over a real erasure layer: what visitors are shown, in what order, and that
// one visitor's failure neither stops the walk nor the others.

let f: EngineFixture;
let layer: ErasureObjectLayer;
beforeEach(async () => {
  f = await engineFixture();
  layer = await f.open();
  await layer.makeBucket('one');
  await layer.makeBucket('two');
});
afterEach(() => f.close());

const fastest = { delay: 0, maxWaitMs: 0, cycleMs: 60_000 };

function recorder() {
  const seen: ScannedVersion[] = [];
  const uploads: ScannedUpload[] = [];
  let cycles = 0;
  return {
    seen,
    uploads,
    cycles: () => cycles,
    visitor: {
      name: 'recorder',
      visit: async (v: ScannedVersion) => {
        seen.push(v);
      },
      visitUpload: async (u: ScannedUpload) => {
        uploads.push(u);
      },
      cycleDone: async () => {
        cycles++;
      },
    },
  };
}

describe('Scanner', () => {
  it("shows every version of every bucket, a key's versions together with what they tell", async () => {
    for (const body of ['1', '2', '3'])
      await layer.putObject(put('one', 'k', body, { versioning: 'enabled' }));
    await layer.deleteObject('one', 'k', { versioning: 'enabled' });
    for (const key of ['a', 'b', 'c']) await layer.putObject(put('two', key, key));
    await layer.newMultipartUpload('two', 'up', {});
    const r = recorder();
    // Pages of two versions: a key's four versions span pages and still arrive together.
    const scanner = new Scanner(layer, silentLogger, { page: 2 }).use(r.visitor);
    scanner.apply(fastest);
    await scanner.runCycle();
    await scanner.stop();
    const k = r.seen.filter((v) => v.bucket === 'one');
    expect(k.map((v) => [v.isLatest, v.isDeleteMarker, v.newerNoncurrent, v.versionCount])).toEqual([
      [true, true, 0, 4],
      [false, false, 0, 4],
      [false, false, 1, 4],
      [false, false, 2, 4],
    ]);
    // Each noncurrent version became so when the next newer one was made.
    for (let i = 1; i < k.length; i++) expect(k[i]!.successorModTime).toEqual(k[i - 1]!.modTime);
    expect(r.seen.filter((v) => v.bucket === 'two').map((v) => v.key)).toEqual(['a', 'b', 'c']);
    expect(r.uploads.map((u) => `${u.bucket}/${u.key}`)).toEqual(['two/up']);
    expect(r.cycles()).toBe(1);
    expect(scanner.status()).toMatchObject({ cycles: 1, lastCycleVersions: 7, running: false });
  });

  it('logs a failing visitor and goes on with the walk and the other visitors', async () => {
    for (const key of ['a', 'b']) await layer.putObject(put('one', key, key));
    const logs: string[] = [];
    const r = recorder();
    const scanner = new Scanner(
      layer,
      createLogger((e) => logs.push(e.message)),
    )
      .use({
        name: 'broken',
        visit: async () => {
          throw new Error('boom');
        },
      })
      .use(r.visitor);
    scanner.apply(fastest);
    await scanner.runCycle();
    await scanner.stop();
    expect(r.seen.map((v) => v.key)).toEqual(['a', 'b']);
    expect(logs.filter((m) => m.includes('broken failed on one/'))).toHaveLength(2);
  });

  it('runs cycles by itself, one after another, and stops when asked', async () => {
    await layer.putObject(put('one', 'a', 'a'));
    const r = recorder();
    const scanner = new Scanner(layer, silentLogger).use(r.visitor);
    scanner.apply({ delay: 2, maxWaitMs: 5, cycleMs: 5 });
    await vi.waitFor(() => expect(r.cycles()).toBeGreaterThanOrEqual(3));
    await scanner.stop();
    const after = r.cycles();
    // Negative check: a stopped scanner gets six cycle periods to (wrongly) run again.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(r.cycles()).toBe(after);
  });

  it('gives way while clients are served, at most max_wait per key, then goes on', async () => {
    for (const key of ['a', 'b', 'c']) await layer.putObject(put('one', key, key));
    let ticks = 0;
    const r = recorder();
    // A client request always in flight: each key waits its max_wait, then the walk goes on.
    const scanner = new Scanner(layer, silentLogger, {
      inFlight: () => {
        ticks++;
        return 1;
      },
    }).use(r.visitor);
    scanner.apply({ delay: 1, maxWaitMs: 20, cycleMs: 60_000 });
    await scanner.runCycle();
    await scanner.stop();
    expect(r.seen.map((v) => v.key)).toEqual(['a', 'b', 'c']);
    // Two looks per key (20 ms in ticks of 10), and the same after each listing.
    expect(ticks).toBeGreaterThanOrEqual(6);
    // speed=fastest never waits, busy or not.
    let asked = 0;
    const fastest = new Scanner(layer, silentLogger, {
      inFlight: () => {
        asked++;
        return 1;
      },
    });
    fastest.apply({ delay: 0, maxWaitMs: 0, cycleMs: 60_000 });
    await fastest.runCycle();
    await fastest.stop();
    expect(asked).toBe(0);
  });

  it('stops at once from a long pause between cycles', async () => {
    const scanner = new Scanner(layer, silentLogger);
    scanner.apply({ delay: 0, maxWaitMs: 0, cycleMs: 2 ** 31 - 1 });
    await scanner.stop(); // would hang the test for weeks if the pause were not ended
    expect(scanner.status().cycles).toBe(0);
  });
});

describe('scannerCycleSetting', () => {
  it('reads STOWAGE_SCANNER_CYCLE as a duration, and refuses anything else by name', () => {
    expect(scannerCycleSetting({})).toBeUndefined();
    expect(scannerCycleSetting({ STOWAGE_SCANNER_CYCLE: '500ms' })).toBe(500);
    expect(scannerCycleSetting({ STOWAGE_SCANNER_CYCLE: '2m' })).toBe(120_000);
    expect(() => scannerCycleSetting({ STOWAGE_SCANNER_CYCLE: 'fast' })).toThrow(/STOWAGE_SCANNER_CYCLE/);
    expect(() => scannerCycleSetting({ STOWAGE_SCANNER_CYCLE: '0s' })).toThrow(/positive duration/);
  });
});
