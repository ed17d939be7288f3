import { describe, expect, it } from 'vitest';
import { parityChoices } from './parity.js';

// operator.md §4.1: the largest parity for N nodes (rows) × D drives per node (columns),
// checked against the compiled Go code; 0 marks an error.
const MAX_PARITY = [
  [0, 0, 0, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8],
  [0, 2, 3, 4, 5, 6, 7, 8, 3, 5, 0, 6, 0, 7, 5, 8],
  [0, 3, 4, 6, 7, 4, 0, 6, 4, 7, 0, 6, 0, 3, 7, 6],
  [2, 4, 6, 8, 2, 6, 2, 8, 6, 4, 2, 8, 2, 4, 6, 8],
  [2, 5, 7, 5, 2, 7, 2, 5, 7, 5, 2, 7, 2, 5, 7, 5],
  [3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6],
  [3, 7, 3, 7, 3, 7, 3, 7, 3, 7, 3, 7, 3, 7, 3, 7],
  [4, 8, 4, 8, 4, 8, 4, 8, 4, 8, 4, 8, 4, 8, 4, 8],
  // From 9 nodes on, every drive count gives sets of N drives.
  ...[9, 10, 11, 12, 13, 14, 15, 16].map((n) => Array<number>(16).fill(Math.floor(n / 2))),
];

const descending = (max: number) => Array.from({ length: max - 1 }, (_, i) => `EC:${max - i}`);

describe('parityChoices', () => {
  it('matches the 16 × 16 table of largest parities, each list running down to EC:2', () => {
    const got = MAX_PARITY.map((row, n) =>
      row.map((_, d) => {
        const choice = parityChoices(n + 1, d + 1);
        if (!choice.ok) return 0;
        expect(choice.parities, `${n + 1} × ${d + 1}`).toEqual(descending(parityOf(choice.parities[0]!)));
        return parityOf(choice.parities[0]!);
      }),
    );
    expect(got).toEqual(MAX_PARITY);
  });

  it.each([
    [4, 10, descending(4)],
    [4, 1, ['EC:2']],
    [2, 50, descending(5)],
    [32, 1, descending(8)],
    [24, 4, descending(6)],
    [100, 1, descending(5)],
    [3, 3, descending(4)],
    [5, 5, ['EC:2']],
    [7, 7, ['EC:3', 'EC:2']],
  ])('%i nodes × %i drives → %j (upstream and checked cases)', (nodes, drives, parities) => {
    expect(parityChoices(nodes, drives)).toEqual({ ok: true, parities });
  });

  it('refuses too few drives with MinIO’s text', () => {
    expect(parityChoices(1, 1)).toEqual({
      ok: false,
      error: 'incorrect number of endpoints provided [http://minio{1...1}/export/set{1...1}]',
    });
  });

  it('refuses a drive count no set size divides', () => {
    expect(parityChoices(1, 17)).toEqual({
      ok: false,
      error:
        'incorrect number of endpoints provided [http://minio{1...1}/export/set{1...17}], number of disks 17 is not divisible by any supported erasure set sizes [4 5 6 7 8 9 10 11 12 13 14 15 16]',
    });
  });

  it('refuses drives that divide but cannot spread over the nodes', () => {
    expect(parityChoices(2, 11)).toEqual({
      ok: false,
      error:
        'no symmetric distribution detected with input endpoints provided [http://minio{1...2}/export/set{1...11}], disks 22 cannot be spread symmetrically by any supported erasure set sizes [4 5 6 7 8 9 10 11 12 13 14 15 16]',
    });
  });

  it('refuses an empty range before a malformed one', () => {
    const empty = { ok: false, error: 'Incorrect range start 1 cannot be bigger than end 0' };
    expect(parityChoices(0, 4)).toEqual(empty);
    expect(parityChoices(4, 0)).toEqual(empty);
    expect(parityChoices(-1, 0)).toEqual(empty);
  });

  it('refuses negative counts as a malformed ellipsis', () => {
    expect(parityChoices(-2, 4)).toEqual({
      ok: false,
      error:
        'Invalid ellipsis format in (http://minio{1...-2}/export/set{1...4}), Ellipsis range must be provided in format {N...M} where N and M are positive integers, M must be greater than N,  with an allowed minimum range of 4',
    });
  });
});

function parityOf(code: string): number {
  return Number(code.slice('EC:'.length));
}
