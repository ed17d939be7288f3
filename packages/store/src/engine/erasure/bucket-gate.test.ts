import { describe, expect, it, vi } from 'vitest';
import { BucketGate } from './bucket-gate.js';

/** One event-loop turn: the other side's pending awaits run first (no wall-clock wait). */
const turn = () => new Promise<void>((r) => setImmediate(r));

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
    await vi.waitFor(() => expect(order).toEqual(['write in']));
    await expect(gate.close('b', { refuse: () => new Error('busy') }, async () => 'gone')).rejects.toThrow(
      'busy',
    );
    const deleting = gate.close('b', 'wait', async () => {
      order.push('delete');
      await turn();
      order.push('delete done');
    });
    await turn();
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
      await turn();
      throw new Error('not empty');
    });
    const write = gate.hold('b', async () => 'written');
    await expect(deleting).rejects.toThrow('not empty');
    await expect(write).resolves.toBe('written');
  });
});
