import { beforeEach, describe, expect, it } from 'vitest';
import { bucketEachTest, put } from '../../test-support/engine.js';

// Background heals (objects reads found damaged, a drive being filled again) wait for the
// store's pacer before each object: the heal subsystem's max_io and max_sleep.

// The layer is built with a pacer that calls this: the test says what pacing does.
const noPause = (): Promise<void> => Promise.resolve();
let pace = noPause;
beforeEach(() => {
  pace = noPause;
});
const t = bucketEachTest('bkt', { healPacer: () => pace() });

describe('the heal pacer', () => {
  it('is awaited before each object the heal queue and a whole-store heal take', async () => {
    for (const key of ['a', 'b', 'c']) await t.layer.putObject(put('bkt', key, key));
    const paced: string[] = [];
    let inHeal = false;
    pace = async () => {
      expect(inHeal).toBe(false);
      paced.push('pace');
    };
    const heal = t.layer.heal.bind(t.layer);
    t.layer.heal = async (...args) => {
      inHeal = true;
      try {
        return await heal(...args);
      } finally {
        inHeal = false;
      }
    };
    await t.layer.healAll();
    expect(paced).toHaveLength(3);
    t.layer.healQueue.add('bkt', 'a');
    t.layer.healQueue.add('bkt', 'b', true);
    await t.layer.healQueued();
    expect(paced).toHaveLength(5);
  });
});
