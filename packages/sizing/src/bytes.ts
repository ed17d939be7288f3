// Byte sizes as the operator console writes and reads them: binary units only, either the
// display units (KiB…) or Kubernetes' (Ki…).

export const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;
export const K8S_UNITS = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;
const K8S_CALC_UNITS = ['B', ...K8S_UNITS] as const;

/** 1 GiB, the smallest volume and pool (and half the smallest memory). */
export const GIB = 1024 ** 3;

/**
 * `value` `unit` in bytes: value × 1024^index of the unit in the display units, or in
 * Kubernetes' units when `k8s`. An unknown unit gives 0, as in the console (so a display
 * unit read as a Kubernetes one, or the reverse, counts as nothing).
 */
export function getBytes(value: string | number, unit: string, k8s = false): number {
  const units: readonly string[] = k8s ? K8S_CALC_UNITS : BYTE_UNITS;
  const power = units.indexOf(unit);
  if (power === -1) return 0;
  return Number.parseFloat(String(value)) * 1024 ** power;
}

/** Bytes for people: "512 B", "1.0 KiB", "12 GiB" (one decimal below 10 of a unit above B). */
export function niceBytes(bytes: string | number, k8sUnits = false): string {
  let n = typeof bytes === 'number' ? Math.trunc(bytes) || 0 : Number.parseInt(bytes, 10) || 0;
  let power = 0;
  while (n >= 1024) {
    n /= 1024;
    power++;
  }
  const units: readonly string[] = k8sUnits ? K8S_CALC_UNITS : BYTE_UNITS;
  return `${n.toFixed(n < 10 && power > 0 ? 1 : 0)} ${units[power]}`;
}
