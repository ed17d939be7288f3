import { GF_KERNEL_WASM } from './gf-kernel-wasm.js';

// Systematic Reed-Solomon over GF(2^8) (polynomial 0x11d). The encoding matrix is a
// Vandermonde matrix multiplied by the inverse of its top square, so the data shards pass
// through unchanged and any `data` rows of it stay invertible: any `data` shards rebuild
// the others. The products run on a WebAssembly SIMD kernel (gf-kernel.wat), about ten
// times the speed of the JavaScript loops below, which remain where SIMD is missing.

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
function combine(coefs: ArrayLike<number>, inputs: Uint8Array[], out: Uint8Array): void {
  for (let j = 0; j < inputs.length; j += 2) {
    const s0 = inputs[j]!;
    const last = j + 1 >= inputs.length;
    pair(out, s0, coefs[j]! * 256, last ? s0 : inputs[j + 1]!, last ? 0 : coefs[j + 1]! * 256, j === 0);
  }
}

/** The SIMD kernel of one thread: its memory holds the nibble tables, then the regions. */
export interface GfSimd {
  mulAdd: (c: number, src: number, dst: number, len: number, add: number) => void;
  memory: WebAssembly.Memory;
}

/** Instantiates the kernel, with the nibble tables of every coefficient from `mul`. */
function simdKernel(module: WebAssembly.Module, mul: Uint8Array): GfSimd {
  const { exports } = new WebAssembly.Instance(module, {});
  const kernel = exports as unknown as GfSimd;
  const mem = new Uint8Array(kernel.memory.buffer);
  for (let c = 0; c < 256; c++)
    for (let x = 0; x < 16; x++) {
      mem[c * 32 + x] = mul[c * 256 + x]!;
      mem[c * 32 + 16 + x] = mul[c * 256 + (x << 4)]!;
    }
  return kernel;
}

/**
 * outs[r] = Σ rows[r][j]·inputs[j] on the SIMD kernel, for outputs of one length and inputs
 * at least as long. The inputs are copied once into its memory, after the 8 KiB of tables
 * and each rounded up to 16 bytes; every output is summed there and copied out.
 */
function simdCombineAll(
  k: GfSimd,
  rows: ArrayLike<number>[],
  inputs: Uint8Array[],
  outs: Uint8Array[],
): void {
  if (outs.length === 0) return;
  const len = outs[0]!.length;
  const stride = (len + 15) & ~15;
  const base = 8192;
  const need = base + (inputs.length + outs.length) * stride;
  const have = k.memory.buffer.byteLength;
  if (need > have) k.memory.grow(Math.ceil((need - have) / 65536));
  const mem = new Uint8Array(k.memory.buffer);
  for (let j = 0; j < inputs.length; j++) mem.set(inputs[j]!.subarray(0, len), base + j * stride);
  for (let r = 0; r < outs.length; r++) {
    const dst = base + (inputs.length + r) * stride;
    const coefs = rows[r]!;
    for (let j = 0; j < inputs.length; j++) k.mulAdd(coefs[j]!, base + j * stride, dst, stride, j);
    outs[r]!.set(mem.subarray(dst, dst + len));
  }
}

/** outs[r] = Σ rows[r][j]·inputs[j]: on the SIMD kernel when there is one. */
function combineAll(
  simd: GfSimd | undefined,
  rows: ArrayLike<number>[],
  inputs: Uint8Array[],
  outs: Uint8Array[],
): void {
  if (simd) simdCombineAll(simd, rows, inputs, outs);
  else for (let r = 0; r < outs.length; r++) combine(rows[r]!, inputs, outs[r]!);
}

/** The compiled SIMD kernel; undefined where WebAssembly SIMD is missing. */
export const gfModule: WebAssembly.Module | undefined = (() => {
  try {
    return new WebAssembly.Module(Buffer.from(GF_KERNEL_WASM, 'base64'));
  } catch {
    return undefined;
  }
})();
let simd = gfModule && simdKernel(gfModule, MUL);

/** Which kernel this thread runs; tests switch to the JavaScript one to hold the two equal. */
export function gfKernel(use?: 'simd' | 'js'): 'simd' | 'js' {
  if (use === 'js') simd = undefined;
  else if (use === 'simd' && gfModule) simd = simdKernel(gfModule, MUL);
  return simd ? 'simd' : 'js';
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
    combineAll(simd, this.matrix.slice(this.data), shards.slice(0, this.data), shards.slice(this.data));
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
    const missing = (from: number, to: number): number[] => {
      const out: number[] = [];
      for (let i = from; i < to; i++) if (shards[i] === undefined) out.push(i);
      return out;
    };
    /** shards[i] = rows[k]·inputs for each missing i, in one pass of the kernel. */
    const fill = (which: number[], rows: ArrayLike<number>[], inputs: Uint8Array[]): void => {
      if (which.length === 0) return;
      const outs = which.map(() => new Uint8Array(size));
      combineAll(simd, rows, inputs, outs);
      which.forEach((i, k) => {
        shards[i] = outs[k];
      });
    };
    const missingData = missing(0, this.data);
    if (missingData.length > 0) {
      const decode = invert(present.map((i) => this.matrix[i]!));
      fill(
        missingData,
        missingData.map((i) => decode[i]!),
        present.map((i) => shards[i]!),
      );
    }
    const missingParity = missing(this.data, this.total);
    fill(
      missingParity,
      missingParity.map((p) => this.matrix[p]!),
      shards.slice(0, this.data) as Uint8Array[],
    );
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
 * The product-sum kernels as source text, for worker threads: the very functions this
 * module runs, given a `MUL` table and the compiled SIMD module of their own (encode-pool.ts).
 */
export const kernelSource = (): string =>
  [
    `const aligned = ${aligned.toString()};`,
    `const words = ${words.toString()};`,
    pair.toString(),
    combine.toString(),
    simdKernel.toString(),
    simdCombineAll.toString(),
    combineAll.toString(),
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
