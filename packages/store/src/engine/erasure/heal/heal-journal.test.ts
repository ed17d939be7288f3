import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HealJournal, healQueueDelay, journalPath } from './heal-journal.js';
import { HealQueue } from './heal-queue.js';

let dir: string;
let drives: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'heal-journal-'));
  drives = [join(dir, 'a'), join(dir, 'b')];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const e = (key: string, deep = false) => ({ bucket: 'b', key, deep });

describe('HealJournal', () => {
  it('gives back what was added and not done, from any drive, and replaces a re-added entry', async () => {
    const j = new HealJournal(drives);
    expect(await j.load()).toEqual([]);
    j.added(e('x'), 1);
    j.added(e('y'), 2);
    j.added(e('x', true), 2);
    j.done('b/y', 1);
    await j.flushed();
    await rm(drives[0]!, { recursive: true });
    expect(await new HealJournal(drives).load()).toEqual([e('x', true)]);
    // The load rewrote both drives' journals with just that.
    expect(await new HealJournal([drives[0]!]).load()).toEqual([e('x', true)]);
  });

  it('batches lines noted while a write is under way, keeping them in order around a rewrite', async () => {
    const j = new HealJournal(drives);
    await j.load();
    for (let i = 0; i < 50; i++) j.added(e(`k${i}`), i + 1);
    // A rewrite to nothing pending: the 50 lines before it are gone, the one after it stays.
    const rewritten = j.compact([]);
    j.added(e('after'), 1);
    await rewritten;
    await j.flushed();
    expect(await new HealJournal(drives).load()).toEqual([e('after')]);
  });

  it('skips a line cut off by a crash, and journals of another format', async () => {
    const j = new HealJournal(drives);
    await j.load();
    j.added(e('x'), 1);
    await j.flushed();
    await writeFile(
      journalPath(drives[0]!),
      `${await readFile(journalPath(drives[0]!), 'utf8')}{"op":"+","e":{"bu`,
    );
    await writeFile(
      journalPath(drives[1]!),
      '{"format":99}\n{"op":"+","e":{"bucket":"b","key":"z","deep":false}}\n',
    );
    expect(await new HealJournal(drives).load()).toEqual([e('x')]);
  });

  it('stays bounded: rewritten to what is pending once it grows', async () => {
    let healed = 0;
    const j = new HealJournal(drives);
    const q = new HealQueue(
      { heal: async () => ({ bytes: healed++ }), verify: async () => true },
      { journal: j },
    );
    await q.resume();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 600; i++) q.add('b', `k${i}`);
      await q.drain();
    }
    q.add('b', 'left');
    await j.flushed();
    const lines = (await readFile(journalPath(drives[0]!), 'utf8')).split('\n').filter(Boolean);
    expect(healed).toBe(1800);
    expect(lines.length).toBeLessThan(1800);
    expect(await new HealJournal(drives).load()).toEqual([e('left')]);
  });

  it('a queue closed before draining leaves its entries for the next start', async () => {
    const held = new HealQueue(
      { heal: async () => ({ bytes: 0 }), verify: async () => true },
      {
        delayMs: 3_600_000,
        journal: new HealJournal(drives),
      },
    );
    await held.resume();
    held.add('b', 'one', true);
    held.verify('b', 'two', { dataId: 'd', drives: [1] });
    await held.close();
    const healedKeys: string[] = [];
    const next = new HealQueue(
      {
        heal: async (_b, key) => {
          healedKeys.push(key);
          return { bytes: 0 };
        },
        verify: async () => false,
      },
      { journal: new HealJournal(drives) },
    );
    expect(await next.resume()).toBe(2);
    await next.drain();
    expect(healedKeys.sort()).toEqual(['one', 'two']);
    expect(next.snapshot()).toMatchObject({ itemsHealed: 2, pending: 0 });
    expect(await new HealJournal(drives).load()).toEqual([]);
  });

  it('reads its delay setting, refusing a malformed one', () => {
    expect(healQueueDelay({})).toEqual({});
    expect(healQueueDelay({ STOWAGE_HEAL_QUEUE_DELAY_MS: '250' })).toEqual({ healQueueDelayMs: 250 });
    expect(() => healQueueDelay({ STOWAGE_HEAL_QUEUE_DELAY_MS: 'soon' })).toThrow(
      /STOWAGE_HEAL_QUEUE_DELAY_MS/,
    );
  });
});
