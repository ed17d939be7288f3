import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErasureObjectLayer } from '../../engine/erasure/erasure-layer.js';
import type { ObjectInfo } from '../../engine/object-layer.js';
import { type EngineFixture, engineFixture, put } from '../../engine/test-support/engine.js';
import { createLogger, type LogEntry } from '../../observe/logger.js';
import { TIER_JOURNAL_FOLDER, TierJournal } from './tier-journal.js';
import { transitionValues } from './transitioned.js';

// The tier journal over a real system store (an erasure layer's): what it writes down, how it
// retries a tier that refuses, and what a new journal over the same drives sweeps. The tier
// itself is the `remove` call, which the test answers (stores as tiers: faults/tier-journal).

let f: EngineFixture;
let layer: ErasureObjectLayer;
let lines: LogEntry[];
beforeEach(async () => {
  f = await engineFixture();
  layer = await f.open();
  await layer.makeBucket('bkt');
  lines = [];
});
afterEach(async () => {
  await f.close();
});

const log = () => createLogger((e) => lines.push(e));

/** A version as a transition to COLD leaves it (its copy named `copy/<key>`). */
async function transitioned(key: string): Promise<ObjectInfo> {
  const info = await layer.putObject(put('bkt', key, `body of ${key}`));
  return { ...info, internal: transitionValues(info, { tier: 'COLD', object: `copy/${key}` }) };
}

const written = () => layer.system.list(TIER_JOURNAL_FOLDER);

/** Lets the drives' I/O and the worker run until `done` (vi.waitFor; no timing is judged). */
async function until(done: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await done())) throw new Error(`never happened: ${what}`);
    },
    { timeout: 10_000, interval: 5 },
  );
}

describe('TierJournal', () => {
  it('writes each tier copy down, deletes it, and forgets it; versions without one are skipped', async () => {
    const removed: string[] = [];
    const journal = new TierJournal({
      system: layer.system,
      remove: async (tier, object) => {
        removed.push(`${tier}:${object}`);
      },
      log: log(),
    });
    await journal.start();
    const local = await layer.putObject(put('bkt', 'local', 'here'));
    await journal.add([await transitioned('a'), local, await transitioned('b')]);
    await until(
      async () => removed.length === 2 && journal.pending() === 0 && (await written()).length === 0,
    );
    expect(removed.sort()).toEqual(['COLD:copy/a', 'COLD:copy/b']);
    expect(journal.pending()).toBe(0);
    await journal.close();
  });

  it('retries a tier that refuses with growing waits, keeping the attempts written down', async () => {
    // Time moves only when the test says.
    let now = 0;
    const due: { at: number; run: () => void }[] = [];
    const timers = {
      now: () => now,
      later: (ms: number, run: () => void) => {
        const t = { at: now + ms, run };
        due.push(t);
        return () => {
          const i = due.indexOf(t);
          if (i >= 0) due.splice(i, 1);
        };
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const t of due.filter((d) => d.at <= now)) {
        due.splice(due.indexOf(t), 1);
        t.run();
      }
    };
    let calls = 0;
    const journal = new TierJournal({
      system: layer.system,
      remove: async () => {
        calls++;
        if (calls <= 3) throw new Error('tier COLD: connection refused');
      },
      log: log(),
      retry: { baseMs: 1000, maxMs: 3000 },
      timers,
    });
    await journal.start();
    await journal.add([await transitioned('a')]);
    const attempts = async () => {
      const [name] = await written();
      return name
        ? ((await layer.system.read(`${TIER_JOURNAL_FOLDER}/${name}`)) as { attempts: number }).attempts
        : -1;
    };
    await until(async () => journal.retrying() === 1 && (await attempts()) === 1, 'first failure');
    // Waits of 1 s, 2 s, then 3 s (the most): no try a moment early.
    for (const wait of [1000, 2000, 3000]) {
      const before = calls;
      advance(wait - 1);
      await until(() => due.length === 1, 'timer');
      expect(calls).toBe(before);
      advance(1);
      await until(() => calls === before + 1 && (calls > 3 || journal.retrying() === 1), `try after ${wait}`);
    }
    await until(async () => (await written()).length === 0);
    // The first failure is logged, the retries that follow are not a flood.
    expect(lines.filter((l) => l.level === 'ERROR').map((l) => l.message)).toEqual([
      'tier journal: the copy of bkt/a (null) on tier COLD stays for now (attempt 1): tier COLD: connection refused',
    ]);
    await journal.close();
  });

  it('a new journal over the same drives deletes what the last one left; unknown shapes stay', async () => {
    const down = new TierJournal({
      system: layer.system,
      remove: async () => {
        throw new Error('tier COLD: down');
      },
      log: log(),
    });
    // Never started: as a store killed before its worker ran.
    await down.add([await transitioned('a')]);
    await layer.system.write(`${TIER_JOURNAL_FOLDER}/future.json`, { v: 2, what: 'else' });
    await down.close();
    const removed: string[] = [];
    const next = new TierJournal({
      system: layer.system,
      remove: async (_tier, object) => {
        removed.push(object);
      },
      log: log(),
    });
    await next.start();
    await until(async () => removed.length === 1 && (await written()).length === 1);
    expect(removed).toEqual(['copy/a']);
    expect(await written()).toEqual(['future.json']);
    expect(lines.map((l) => l.message)).toContain(
      'tier journal: future.json has an unknown shape; left as it is',
    );
    await next.close();
  });
});
