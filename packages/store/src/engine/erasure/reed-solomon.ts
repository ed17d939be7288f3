// Systematic Reed-Solomon over GF(2^8) (polynomial 0x11d). The encoding matrix is a
// Vandermonde matrix multiplied by the inverse of its top square, so the data shards pass
// through unchanged and any `data` rows of it stay invertible: any `data` shards rebuild
// the others. Hot loops index a precomputed 64 KiB product table: 256 bytes per coefficient.

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

/** MUL[a * 256 + b] = a·b; a row is the product table of one coefficient. */
const MUL = new Uint8Array(256 * 256);
for (let a = 1; a < 256; a++) {
  for (let b = 1; b < 256; b++) MUL[a * 256 + b] = EXP[LOG[a]! + LOG[b]!]!;
}

const mul = (a: number, b: number): number => MUL[a * 256 + b]!;
const inv = (a: number): number => {
  if (a === 0) throw new Error('GF(2^8): zero has no inverse');
  return EXP[255 - LOG[a]!]!;
};
const pow = (a: number, n: number): number => {
  if (n === 0) return 1;
  if (a === 0) return 0;
  return EXP[(LOG[a]! * n) % 255]!;
};

type Matrix = Uint8Array[];

function invert(m: Matrix): Matrix {
  const n = m.length;
  const a = m.map((row, i) => {
    const r = new Uint8Array(2 * n);
    r.set(row);
    r[n + i] = 1;
    return r;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    while (pivot < n && a[pivot]![col] === 0) pivot++;
    if (pivot === n) throw new Error('Reed-Solomon: singular matrix');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const row = a[col]!;
    const scale = inv(row[col]!);
    for (let j = 0; j < 2 * n; j++) row[j] = mul(row[j]!, scale);
    for (let i = 0; i < n; i++) {
      const other = a[i]!;
      const f = other[col]!;
      if (i === col || f === 0) continue;
      for (let j = 0; j < 2 * n; j++) other[j]! ^= mul(f, row[j]!);
    }
  }
  return a.map((r) => r.slice(n));
}

function multiply(a: Matrix, b: Matrix): Matrix {
  return a.map((row) => {
    const out = new Uint8Array(b[0]!.length);
    for (let j = 0; j < out.length; j++) {
      let s = 0;
      for (let k = 0; k < row.length; k++) s ^= mul(row[k]!, b[k]![j]!);
      out[j] = s;
    }
    return out;
  });
}

const aligned = (a: Uint8Array): boolean => a.byteOffset % 4 === 0;
const words = (a: Uint8Array): Uint32Array => new Uint32Array(a.buffer, a.byteOffset, a.length >> 2);

/**
 * out (=|^=) c0·s0 + c1·s1, where o0/o1 = c·256 index the product table. Four bytes per
 * step through Uint32 views when aligned (about twice the speed of a byte loop in V8),
 * the tail and unaligned shards byte by byte.
 */
function pair(out: Uint8Array, s0: Uint8Array, o0: number, s1: Uint8Array, o1: number, first: boolean): void {
  const len = out.length;
  let done = 0;
  if (aligned(out) && aligned(s0) && aligned(s1)) {
    const o = words(out);
    const a = words(s0);
    const c = words(s1);
    const n = o.length;
    for (let w = 0; w < n; w++) {
      const x = a[w]!;
      const y = c[w]!;
      const v =
        (MUL[o0 + (x & 255)]! ^ MUL[o1 + (y & 255)]!) |
        ((MUL[o0 + ((x >>> 8) & 255)]! ^ MUL[o1 + ((y >>> 8) & 255)]!) << 8) |
        ((MUL[o0 + ((x >>> 16) & 255)]! ^ MUL[o1 + ((y >>> 16) & 255)]!) << 16) |
        ((MUL[o0 + (x >>> 24)]! ^ MUL[o1 + (y >>> 24)]!) << 24);
      o[w] = first ? v : o[w]! ^ v;
    }
    done = n * 4;
  }
  for (let b = done; b < len; b++) {
    const v = MUL[o0 + s0[b]!]! ^ MUL[o1 + s1[b]!]!;
    out[b] = first ? v : out[b]! ^ v;
  }
}

/** out = Σ coef[j]·inputs[j], two inputs per pass; an odd last one pairs with coefficient 0. */
function combine(coefs: Uint8Array, inputs: Uint8Array[], out: Uint8Array): void {
  for (let j = 0; j < inputs.length; j += 2) {
    const s0 = inputs[j]!;
    const last = j + 1 >= inputs.length;
    pair(out, s0, coefs[j]! * 256, last ? s0 : inputs[j + 1]!, last ? 0 : coefs[j + 1]! * 256, j === 0);
  }
}

export class ReedSolomon {
  readonly total: number;
  /** total × data; rows 0..data-1 are the identity. */
  private readonly matrix: Matrix;

  constructor(
    readonly data: number,
    readonly parity: number,
  ) {
    if (!Number.isInteger(data) || !Number.isInteger(parity) || data < 1 || parity < 0)
      throw new Error(`Reed-Solomon: invalid shard counts ${data}+${parity}`);
    if (data + parity > 256) throw new Error('Reed-Solomon: at most 256 shards');
    this.total = data + parity;
    const vandermonde: Matrix = [];
    for (let r = 0; r < this.total; r++) {
      const row = new Uint8Array(data);
      for (let c = 0; c < data; c++) row[c] = pow(r, c);
      vandermonde.push(row);
    }
    this.matrix = multiply(vandermonde, invert(vandermonde.slice(0, data)));
  }

  parityRows(): number[][] {
    return this.matrix.slice(this.data).map((row) => [...row]);
  }

  /** Fills shards[data..total-1] from shards[0..data-1]; all shards have one length. */
  encode(shards: Uint8Array[]): void {
    this.check(shards);
    const inputs = shards.slice(0, this.data);
    for (let p = 0; p < this.parity; p++)
      combine(this.matrix[this.data + p]!, inputs, shards[this.data + p]!);
  }

  /**
   * Rebuilds the shards that are undefined, in place, from any `data` present ones of
   * length `size`. Throws when fewer than `data` are present.
   */
  reconstruct(shards: (Uint8Array | undefined)[], size: number): asserts shards is Uint8Array[] {
    if (shards.length !== this.total) throw new Error('Reed-Solomon: wrong shard count');
    const present: number[] = [];
    for (let i = 0; i < this.total && present.length < this.data; i++)
      if (shards[i] !== undefined) present.push(i);
    if (present.length < this.data) throw new Error('Reed-Solomon: too few shards to reconstruct');
    const missingData = [];
    for (let i = 0; i < this.data; i++) if (shards[i] === undefined) missingData.push(i);
    if (missingData.length > 0) {
      const decode = invert(present.map((i) => this.matrix[i]!));
      const inputs = present.map((i) => shards[i]!);
      for (const i of missingData) {
        const out = new Uint8Array(size);
        combine(decode[i]!, inputs, out);
        shards[i] = out;
      }
    }
    const dataShards = shards.slice(0, this.data) as Uint8Array[];
    for (let p = this.data; p < this.total; p++) {
      if (shards[p] !== undefined) continue;
      const out = new Uint8Array(size);
      combine(this.matrix[p]!, dataShards, out);
      shards[p] = out;
    }
  }

  private check(shards: Uint8Array[]): void {
    if (shards.length !== this.total) throw new Error('Reed-Solomon: wrong shard count');
    const len = shards[0]!.length;
    if (!shards.every((s) => s.length === len)) throw new Error('Reed-Solomon: shards differ in length');
  }
}

/** Bytes per shard for a block of `blockLen` bytes split over `data` shards. */
export const shardSize = (blockLen: number, data: number): number => Math.ceil(blockLen / data);

/** The GF(2^8) product table (worker threads get a copy and run the same products). */
export const productTable = (): Uint8Array => MUL;

/**
 * The product-sum kernel as source text, for worker threads: the very functions this module
 * runs, given a `MUL` table of their own (encode-pool.ts).
 */
export const kernelSource = (): string =>
  [
    `const aligned = ${aligned.toString()};`,
    `const words = ${words.toString()};`,
    pair.toString(),
    combine.toString(),
  ].join('\n');

const codecs = new Map<string, ReedSolomon>();
/** The codec of a layout, built once (its matrix inversion stays off the request path). */
export function codec(data: number, parity: number): ReedSolomon {
  const id = `${data}+${parity}`;
  let rs = codecs.get(id);
  if (!rs) {
    rs = new ReedSolomon(data, parity);
    codecs.set(id, rs);
  }
  return rs;
}

/** The parity rows of the encoding matrix for a layout: parity p = Σ rows[p][j]·data_j. */
export const parityRows = (data: number, parity: number): number[][] => codec(data, parity).parityRows();
