// How MinIO picks the number of drives in an erasure set (its getSetIndexes): of the allowed
// set sizes that divide the drive count, keep those symmetric with the node count when the
// drives come as a node × drive pattern, then take the largest. The store uses it for its own
// drives and the operator's get-parity for a tenant's pool, so both answer alike.

/** Set sizes today's MinIO allows (the store's drives). */
export const SET_SIZES: readonly number[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

/** Set sizes the operator console's MinIO rule allows (console pkg/utils/parity.go). */
export const OPERATOR_SET_SIZES: readonly number[] = SET_SIZES.filter((s) => s >= 4);

export type SetSizeChoice =
  | { ok: true; size: number }
  /** too-few: fewer drives than the smallest set; indivisible: no size divides them;
   * asymmetric: no dividing size spreads evenly over the nodes. */
  | { ok: false; reason: 'too-few' | 'indivisible' | 'asymmetric' };

/** A set size fits the node pattern when one of them divides the other. */
const symmetricWith = (nodes: number, size: number) =>
  nodes > size ? nodes % size === 0 : size % nodes === 0;

/**
 * The set size for `drives` drives. `nodes`, when given, is the node count of a
 * `{1...nodes}` × `{1...drives/nodes}` pattern: only that pattern decides symmetry, as in MinIO.
 */
export function chooseSetSize(
  drives: number,
  { sizes = SET_SIZES, nodes }: { sizes?: readonly number[]; nodes?: number } = {},
): SetSizeChoice {
  if (drives < sizes[0]!) return { ok: false, reason: 'too-few' };
  const dividing = sizes.filter((s) => drives % s === 0);
  if (dividing.length === 0) return { ok: false, reason: 'indivisible' };
  const symmetric = nodes === undefined ? dividing : dividing.filter((s) => symmetricWith(nodes, s));
  if (symmetric.length === 0) return { ok: false, reason: 'asymmetric' };
  return { ok: true, size: symmetric.at(-1)! };
}
