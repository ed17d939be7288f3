import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { assembleGfKernel } from '../../../../scripts/build-gf-kernel.mjs';
import { GF_KERNEL_WASM } from './gf-kernel-wasm.js';
import { gfKernel, ReedSolomon } from './reed-solomon.js';

/** Every subset of 0..n-1 with at most `max` members. */
function subsets(n: number, max: number): number[][] {
  const out: number[][] = [[]];
  for (let i = 0; i < n; i++) for (const s of out.slice()) if (s.length < max) out.push([...s, i]);
  return out;
}

function encoded(rs: ReedSolomon, size: number): Uint8Array[] {
  const shards = Array.from({ length: rs.total }, (_, i) =>
    i < rs.data ? new Uint8Array(randomBytes(size)) : new Uint8Array(size),
  );
  rs.encode(shards);
  return shards;
}

describe.each(['simd', 'js'] as const)('ReedSolomon on the %s kernel', (kernel) => {
  beforeAll(() => {
    gfKernel(kernel);
  });
  afterAll(() => {
    gfKernel('simd');
  });
  it('runs the kernel asked for', () => {
    expect(gfKernel()).toBe(kernel);
  });

  for (const [data, parity] of [
    [2, 2],
    [4, 2],
    [1, 0],
    [3, 1],
    [5, 3],
  ] as const) {
    for (const size of [1, 7, 1023, 4096]) {
      it(`${data}+${parity}, ${size}-byte shards: rebuilds every loss of up to ${parity}`, () => {
        const rs: ReedSolomon = new ReedSolomon(data, parity);
        const whole = encoded(rs, size);
        for (const lost of subsets(rs.total, parity)) {
          const shards: (Uint8Array | undefined)[] = whole.map((s) => s.slice());
          for (const i of lost) shards[i] = undefined;
          rs.reconstruct(shards, size);
          // Buffer.equals: toEqual walks typed arrays element by element, far too slowly.
          const wrong = shards.findIndex((s, i) => !Buffer.from(s).equals(whole[i]!));
          expect(wrong, `lost ${lost.join(',')}`).toBe(-1);
        }
      });
    }
  }

  it('gives the same shards for unaligned views (Buffer slices at odd offsets)', () => {
    const rs: ReedSolomon = new ReedSolomon(3, 2);
    const whole = encoded(rs, 1001);
    const pool = Buffer.alloc(5 * 1001 + 1);
    const views = whole.map((s, i) => {
      const v = pool.subarray(1 + i * 1001, 1 + (i + 1) * 1001);
      if (i < 3) v.set(s);
      return v;
    });
    rs.encode(views);
    expect(views.every((v, i) => v.equals(whole[i]!))).toBe(true);
    const lost: (Uint8Array | undefined)[] = views.slice();
    lost[0] = lost[4] = undefined;
    rs.reconstruct(lost, 1001);
    expect(lost.every((v, i) => Buffer.from(v).equals(whole[i]!))).toBe(true);
  });

  it('keeps data shards as they are (systematic)', () => {
    const rs: ReedSolomon = new ReedSolomon(2, 2);
    const shards = [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6), new Uint8Array(3), new Uint8Array(3)];
    rs.encode(shards);
    expect([...shards[0]!, ...shards[1]!]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shards[2]).not.toEqual(new Uint8Array(3));
  });

  it('refuses to rebuild from fewer than `data` shards', () => {
    const rs: ReedSolomon = new ReedSolomon(2, 2);
    const shards: (Uint8Array | undefined)[] = encoded(rs, 8);
    shards[0] = shards[1] = shards[2] = undefined;
    expect(() => rs.reconstruct(shards, 8)).toThrow(/too few shards/);
  });

  it('refuses invalid shard counts', () => {
    expect(() => new ReedSolomon(0, 2)).toThrow();
    expect(() => new ReedSolomon(200, 100)).toThrow();
  });
});

describe('the SIMD kernel', () => {
  it("gives the JavaScript kernel's shards for every length around its 16-byte steps, and large ones", () => {
    const rs: ReedSolomon = new ReedSolomon(5, 3);
    for (const size of [1, 15, 16, 17, 31, 33, 1000, 70_001, 300_000]) {
      const data = Array.from({ length: 5 }, () => new Uint8Array(randomBytes(size)));
      const run = (kernel: 'simd' | 'js') => {
        gfKernel(kernel);
        const shards = [
          ...data.map((d) => d.slice()),
          ...Array.from({ length: 3 }, () => new Uint8Array(size)),
        ];
        rs.encode(shards);
        const lost: (Uint8Array | undefined)[] = shards.slice();
        lost[1] = lost[3] = lost[6] = undefined;
        rs.reconstruct(lost, size);
        return [...shards, ...lost].map((s) => Buffer.from(s!));
      };
      const [simd, js] = [run('simd'), run('js')];
      expect(
        simd.every((s, i) => s.equals(js[i]!)),
        `size ${size}`,
      ).toBe(true);
    }
    gfKernel('simd');
  });

  it('is loaded on this machine', () => {
    expect(gfKernel()).toBe('simd');
  });

  it('is gf-kernel.wat assembled (run scripts/build-gf-kernel.mjs after editing it)', async () => {
    expect(await assembleGfKernel()).toBe(GF_KERNEL_WASM);
  });
});
