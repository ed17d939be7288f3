// Kubernetes resource quantities (k8s.io/apimachinery resource.Quantity) for byte counts: the
// canonical text Kubernetes itself writes, and a parser for what it or a user may have written.

const DECIMAL_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;
const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;

function wholeBytes(bytes: number | bigint): bigint {
  if (typeof bytes === 'bigint') return bytes;
  if (!Number.isSafeInteger(bytes)) throw new RangeError(`not a whole byte count: ${bytes}`);
  return BigInt(bytes);
}

/** Strips whole factors of `base` (at most six, the largest suffix) from a non-negative value. */
function canonical(value: bigint, base: bigint, suffixes: readonly string[]): string {
  const negative = value < 0n;
  let mantissa = negative ? -value : value;
  let index = 0;
  while (mantissa !== 0n && mantissa % base === 0n && index < suffixes.length - 1) {
    mantissa /= base;
    index += 1;
  }
  return `${negative ? '-' : ''}${mantissa}${suffixes[index]}`;
}

/**
 * A byte count as a DecimalSI quantity, exactly as resource.NewQuantity(n, DecimalExponent)
 * prints it: the largest power of 1000 that divides it exactly, else the bare number
 * (1073741824 → "1073741824", 10^9 → "1G", 5000 → "5k").
 */
export function formatDecimalSI(bytes: number | bigint): string {
  return canonical(wholeBytes(bytes), 1000n, DECIMAL_SUFFIXES);
}

/**
 * A byte count as a BinarySI quantity, as resource.NewQuantity(n, BinarySI) prints it: the largest
 * power of 1024 that divides it (2147483648 → "2Gi"); values below 1024 or not divisible print
 * as plain numbers (1500 → "1500").
 */
export function formatBinarySI(bytes: number | bigint): string {
  return canonical(wholeBytes(bytes), 1024n, BINARY_SUFFIXES);
}

/** The quantity grammar of the CRD's `x-kubernetes-int-or-string` pattern. */
const QUANTITY =
  /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:(Ki|Mi|Gi|Ti|Pi|Ei)|([numkMGTPE])|[eE]([+-]?\d+(?:\.\d*)?|[+-]?\.\d+))?$/;
const DECIMAL_EXPONENT: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};

/**
 * The numeric value of a quantity (a number the API server accepted, or a user's text), or
 * undefined when it is not one. Byte counts beyond 2^53 lose precision, as any JSON number does.
 */
export function parseQuantity(quantity: string | number | undefined): number | undefined {
  if (typeof quantity === 'number') return Number.isFinite(quantity) ? quantity : undefined;
  if (typeof quantity !== 'string') return undefined;
  const match = QUANTITY.exec(quantity.trim());
  if (!match) return undefined;
  const [, sign, digits, binary, decimal, exponent] = match;
  let value = Number(digits);
  if (binary) value *= 1024 ** BINARY_SUFFIXES.indexOf(binary as (typeof BINARY_SUFFIXES)[number]);
  else if (decimal) value *= 10 ** (DECIMAL_EXPONENT[decimal] ?? 0);
  else if (exponent !== undefined) value *= 10 ** Number(exponent);
  return sign === '-' ? -value : value;
}

/** Whole bytes of a storage or memory quantity (fractions of a byte round up, as Kubernetes does). */
export function quantityBytes(quantity: string | number | undefined): number {
  const value = parseQuantity(quantity);
  return value === undefined ? 0 : Math.ceil(value);
}
