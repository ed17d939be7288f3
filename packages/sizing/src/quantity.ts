// Kubernetes resource quantities ("16283884Ki", "7.5Gi", "500M", "1e9", "100m") as whole
// units, rounded up the way resource.Quantity's Value() rounds.

const SUFFIX_FACTORS: Record<string, number> = {
  '': 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|[eE]([+-]?\d+))?$/;

/** The quantity's value in whole units (bytes for memory), or undefined when it is not one. */
export function quantityValue(quantity: string): number | undefined {
  const match = QUANTITY.exec(quantity.trim());
  if (!match) return undefined;
  const [, number, suffix = '', exponent] = match;
  const factor = exponent === undefined ? SUFFIX_FACTORS[suffix]! : 10 ** Number(exponent);
  return Math.ceil(Number(number) * factor);
}
