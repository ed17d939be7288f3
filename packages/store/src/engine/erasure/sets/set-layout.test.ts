import { describe, expect, it } from 'vitest';
import { deploymentKey, setDriveCount, setOfKey, sipHash24 } from './set-layout.js';

const hex = (w: { hi: number; lo: number }) =>
  w.hi.toString(16).padStart(8, '0') + w.lo.toString(16).padStart(8, '0');
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i);

describe('erasure set layout', () => {
  it('SipHash-2-4 gives the reference vectors (key 00..0f, message 00..n-1)', () => {
    // From the SipHash paper's vectors.h: every length class (empty, under a word, one word,
    // a word and a tail, several words).
    const vectors: [number, string][] = [
      [0, '726fdb47dd0e0e31'],
      [1, '74f839c593dc67fd'],
      [7, 'ab0200f58b01d137'],
      [8, '93f5f5799a932462'],
      [15, 'a129ca6149be45e5'],
      [63, '958a324ceb064572'],
    ];
    for (const [n, want] of vectors) expect(hex(sipHash24(bytes(16), bytes(n))), `length ${n}`).toBe(want);
  });

  it('chooses drives per set as MinIO does for drives given one by one', () => {
    const table = [1, 2, 4, 5, 16, 18, 20, 24, 32, 34, 48, 64, 96].map((n) => [n, setDriveCount(n)]);
    expect(table).toEqual([
      [1, 1],
      [2, 2],
      [4, 4],
      [5, 5],
      [16, 16],
      [18, 9],
      [20, 10],
      [24, 12],
      [32, 16],
      [34, 2],
      [48, 16],
      [64, 16],
      [96, 16],
    ]);
    expect(() => setDriveCount(17)).toThrow(
      /17 drives cannot form erasure sets: the count must be divisible by a set size from 2 to 16/,
    );
    expect(() => setDriveCount(37)).toThrow(/cannot form erasure sets/);
  });

  it('places a key by its name and the deployment, the same every time, spreading keys over the sets', () => {
    const deployment = deploymentKey('5b0c0a39-2f4e-4f8e-9d0b-3f4f1c7a9e21');
    const other = deploymentKey('d1a6e6a4-5f0e-4b7a-9c55-1f2b3c4d5e6f');
    const counts = [0, 0, 0, 0];
    let moved = 0;
    for (let i = 0; i < 4000; i++) {
      const key = `photos/2026/${i}.jpg`;
      const at = setOfKey(key, 4, deployment);
      expect(setOfKey(key, 4, deployment)).toBe(at);
      counts[at]!++;
      if (setOfKey(key, 4, other) !== at) moved++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
    // Another deployment's key places keys differently (about three in four move).
    expect(moved).toBeGreaterThan(2500);
    expect(setOfKey('any', 1, deployment)).toBe(0);
  });

  it('reads the deployment id as the UUID bytes MinIO keys the hash with', () => {
    expect(Buffer.from(deploymentKey('5b0c0a39-2f4e-4f8e-9d0b-3f4f1c7a9e21')).toString('hex')).toBe(
      '5b0c0a392f4e4f8e9d0b3f4f1c7a9e21',
    );
    expect(() => deploymentKey('not-a-uuid')).toThrow(/is not a UUID/);
  });
});
