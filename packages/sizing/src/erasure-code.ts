// What each offered parity gives a pool (the wizard's capacity preview), as the console
// computes it: the stripe is taken as twice the largest parity, which is the set size only
// when that size is even.

export interface StorageFactor {
  erasureCode: string;
  storageFactor: number;
  /** Usable bytes, as a decimal string. */
  maxCapacity: string;
  /** Drives that may fail. */
  maxFailureTolerations: number;
}

export interface ErasureCodeCalc {
  /** 0 when parities were offered, 1 when the list was empty. */
  error: 0 | 1;
  defaultEC: string;
  erasureCodeSet: number;
  maxEC: string;
  /** Raw bytes of all volumes, as a decimal string. */
  rawCapacity: string;
  storageFactors: StorageFactor[];
}

const parityOf = (code: string) => Number.parseInt(code.split(':')[1] ?? '', 10);

/** The parity that a pool starts with: the largest, but EC:4 for large pools that offer it. */
export function defaultParity(parities: readonly string[], totalDrives: number, totalNodes: number): string {
  // Spec 002 §4 "Parity default": nodes >= 8 and drives per node > 16. (The 2021 console's
  // code tested total drives >= 8 and nodes > 16; the spec's rule is the requirement.)
  const drivesPerNode = totalNodes > 0 ? totalDrives / totalNodes : 0;
  if (totalNodes >= 8 && drivesPerNode > 16 && parities.includes('EC:4')) return 'EC:4';
  return parities[0] ?? '';
}

/**
 * The preview for `parities` (as get-parity lists them, largest first) over `totalDrives`
 * volumes of `pvSize` bytes on `totalNodes` servers.
 */
export function erasureCodeCalc(
  parities: readonly string[],
  totalDrives: number,
  pvSize: number,
  totalNodes: number,
): ErasureCodeCalc {
  if (parities.length < 1)
    return { error: 1, defaultEC: '', erasureCodeSet: 0, maxEC: '', rawCapacity: '0', storageFactors: [] };
  const raw = totalDrives * pvSize;
  const maxEC = parities[0]!;
  const stripe = parityOf(maxEC) * 2;
  const storageFactors = parities.map((erasureCode) => {
    const storageFactor = stripe / (stripe - parityOf(erasureCode));
    return {
      erasureCode,
      storageFactor,
      maxCapacity: String(Math.floor(raw / storageFactor)),
      maxFailureTolerations: totalDrives - Math.floor(totalDrives / storageFactor),
    };
  });
  return {
    error: 0,
    storageFactors,
    maxEC,
    rawCapacity: String(raw),
    erasureCodeSet: stripe,
    defaultEC: defaultParity(parities, totalDrives, totalNodes),
  };
}
