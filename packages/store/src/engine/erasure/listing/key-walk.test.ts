import { describe, expect, it } from 'vitest';
import { everyKey } from './key-walk.js';

describe('everyKey', () => {
  it('walks every bucket a page at a time, each page after the last key of the one before', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    const asked: (string | undefined)[] = [];
    const source = {
      listBuckets: async () => [{ name: 'a' }, { name: 'empty' }, { name: 'b' }],
      keysToHeal: async (bucket: string, _prefix: string, after: string | undefined, max: number) => {
        asked.push(`${bucket}:${after ?? ''}`);
        const all = bucket === 'a' ? keys : bucket === 'b' ? ['x'] : [];
        return all.filter((k) => after === undefined || k > after).slice(0, max);
      },
    };
    const walked: string[] = [];
    for await (const { bucket, key } of everyKey(source, 10)) walked.push(`${bucket}/${key}`);
    expect(walked).toEqual([...keys.map((k) => `a/${k}`), 'b/x']);
    expect(asked).toEqual(['a:', 'a:k09', 'a:k19', 'empty:', 'b:']);
  });
});
