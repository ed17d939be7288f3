import { describe, expect, it } from 'vitest';
import { BucketGate } from './bucket-gate.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('BucketGate', () => {
  it('a delete refuses while a write is inside, or waits for it; writers after it wait for its end', async () => {
    const gate = new BucketGate();
    const order: string[] = [];
    let finishWrite!: () => void;
    const writing = gate.hold('b', async () => {
      order.push('write in');
      await new Promise<void>((r) => (finishWrite = r));
      order.push('write out');
    });
    await tick();
    await expect(gate.close('b', { refuse: () => new Error('busy') }, async () => 'gone')).rejects.toThrow(
      'busy',
    );
    const deleting = gate.close('b', 'wait', async () => {
      order.push('delete');
      await tick();
      order.push('delete done');
    });
    await tick();
    const later = gate.hold('b', async () => order.push('later write'));
    const other = gate.hold('other', async () => order.push('other bucket'));
    await other;
    finishWrite();
    await Promise.all([writing, deleting, later]);
    expect(order).toEqual(['write in', 'other bucket', 'write out', 'delete', 'delete done', 'later write']);
  });

  it('a failed delete lets waiting writers go on', async () => {
    const gate = new BucketGate();
    const deleting = gate.close('b', 'wait', async () => {
      await tick();
      throw new Error('not empty');
    });
    const write = gate.hold('b', async () => 'written');
    await expect(deleting).rejects.toThrow('not empty');
    await expect(write).resolves.toBe('written');
  });
});
