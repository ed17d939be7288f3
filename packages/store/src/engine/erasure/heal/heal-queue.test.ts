import { describe, expect, it } from 'vitest';
import { HealQueue, type HealWork, mergeHealStats } from './heal-queue.js';

// The heal-on-read queue on its own: what it keeps, drops and counts. Its work is recorded
// here; the engine's heal and shard check are tested with real drives (heal.test.ts,
// conformance HealOnRead).

function recorder(bad = new Set<string>(), failing = new Set<string>()) {
  const done: string[] = [];
  const work: HealWork = {
    heal: async (bucket, key, deep) => {
      done.push(`heal ${bucket}/${key}${deep ? ' deep' : ''}`);
      if (failing.has(key)) throw new Error('no quorum');
      return { bytes: 10 };
    },
    verify: async (bucket, key) => {
      done.push(`check ${bucket}/${key}`);
      return !bad.has(key);
    },
  };
  return { done, work };
}

describe('the heal queue', () => {
  it('holds one entry per object, a heal outranking a check and deep outranking shallow', async () => {
    const { done, work } = recorder();
    const q = new HealQueue(work);
    q.verify('b', 'x', { dataId: 'd1', drives: [2, 3] });
    q.add('b', 'x');
    q.add('b', 'x', true);
    q.add('b', 'y');
    q.add('b', 'y');
    expect(q.size).toBe(2);
    expect(q.snapshot()).toMatchObject({ totalItems: 2, pending: 2 });
    expect(await q.drain()).toBe(2);
    expect(done.sort()).toEqual(['heal b/x deep', 'heal b/y']);
    expect(q.snapshot()).toMatchObject({ itemsHealed: 2, bytesHealed: 20, pending: 0 });
  });

  it('checks unread shards once per version a while, and heals deep only when one is bad', async () => {
    let now = 1_000;
    const { done, work } = recorder(new Set(['bad']));
    const q = new HealQueue(work, { recheckMs: 60_000, now: () => now });
    q.verify('b', 'good', { dataId: 'd1', drives: [2] }, 5);
    q.verify('b', 'bad', { dataId: 'd2', drives: [3] }, 7);
    q.verify('b', 'none', { dataId: 'd3', drives: [] });
    await q.drain();
    expect(done.sort()).toEqual(['check b/bad', 'check b/good', 'heal b/bad deep']);
    // Read again soon: not checked again; a new version or later on, it is.
    q.verify('b', 'good', { dataId: 'd1', drives: [2] });
    expect(q.size).toBe(0);
    q.verify('b', 'good', { dataId: 'd9', drives: [2] });
    now += 60_000;
    q.verify('b', 'bad', { dataId: 'd2', drives: [3] });
    expect(q.size).toBe(2);
    expect(q.snapshot()).toMatchObject({ totalItems: 4, totalBytes: 12, itemsVerified: 2, itemsHealed: 2 });
  });

  it('takes a check done on the spot: counted, queued only as a deep heal when it failed', async () => {
    const { done, work } = recorder();
    const q = new HealQueue(work);
    let asked = 0;
    const whole = (answer: boolean) => () => {
      asked++;
      return answer;
    };
    q.verify('b', 'fine', { dataId: 'd1', drives: [2, 3] }, 4, whole(true));
    expect(q.size).toBe(0);
    q.verify('b', 'rotten', { dataId: 'd2', drives: [3] }, 4, whole(false));
    // Checked lately: not asked again.
    q.verify('b', 'fine', { dataId: 'd1', drives: [2, 3] }, 4, whole(false));
    expect(asked).toBe(2);
    expect(q.snapshot()).toMatchObject({ itemsVerified: 2, totalItems: 1, pending: 1 });
    await q.drain();
    expect(done).toEqual(['heal b/rotten deep']);
  });

  it('is bounded: past its size new objects are dropped and counted; failures are counted', async () => {
    const { work } = recorder(new Set(), new Set(['k1']));
    const q = new HealQueue(work, { max: 2 });
    for (const key of ['k1', 'k2', 'k3', 'k4']) q.add('b', key);
    expect(q.size).toBe(2);
    expect(q.snapshot()).toMatchObject({ totalItems: 2, itemsDropped: 2 });
    await q.drain();
    expect(q.snapshot()).toMatchObject({ itemsHealed: 1, itemsFailed: 1, pending: 0 });
    const merged = mergeHealStats([q.snapshot(), q.snapshot()]);
    expect(merged).toMatchObject({ totalItems: 4, itemsDropped: 4, itemsFailed: 2 });
  });

  it('heals at most `concurrency` objects at once', async () => {
    let running = 0;
    let most = 0;
    const q = new HealQueue(
      {
        heal: async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setImmediate(r));
          running--;
          return { bytes: 0 };
        },
        verify: async () => true,
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 10; i++) q.add('b', `k${i}`);
    await q.drain();
    expect(most).toBe(3);
  });
});
