import { describe, expect, it } from 'vitest';
import { loadOnce } from './lazy-module.js';

describe('loadOnce', () => {
  it('loads on the first call only, and shares that load with every later call', async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not installed');
      return 'client';
    });
    await expect(load()).rejects.toThrow('not installed');
    await expect(load()).resolves.toBe('client');
    expect(attempts).toBe(2);
  });
});
