// The erasure-code parities a tenant pool of `nodes` servers × `drivesPerNode` drives can use
// (the operator's GET /get-parity). The console asks MinIO's ellipsis rule about the pool
// `http://minio{1...N}/export/set{1...D}`; the errors keep MinIO's texts.

import { chooseSetSize, OPERATOR_SET_SIZES } from './erasure-sets.js';

export type ParityChoices = { ok: true; parities: string[] } | { ok: false; error: string };

/** The smallest parity MinIO offers. */
const MIN_PARITY = 2;

/** The pool as MinIO's ellipsis arguments read it. */
export const poolEndpoints = (nodes: number, drivesPerNode: number) =>
  `http://minio{1...${nodes}}/export/set{1...${drivesPerNode}}`;

/** `["EC:⌊S/2⌋", …, "EC:2"]` for the pool's set size S, or MinIO's error for the pool. */
export function parityChoices(nodes: number, drivesPerNode: number): ParityChoices {
  const args = `[${poolEndpoints(nodes, drivesPerNode)}]`;
  // MinIO reads each range before judging the pattern, so an empty range wins over a
  // malformed (negative) one.
  if (nodes === 0 || drivesPerNode === 0)
    return { ok: false, error: 'Incorrect range start 1 cannot be bigger than end 0' };
  if (!Number.isInteger(nodes) || !Number.isInteger(drivesPerNode) || nodes < 0 || drivesPerNode < 0)
    return {
      ok: false,
      error: `Invalid ellipsis format in (${poolEndpoints(nodes, drivesPerNode)}), Ellipsis range must be provided in format {N...M} where N and M are positive integers, M must be greater than N,  with an allowed minimum range of 4`,
    };
  const drives = nodes * drivesPerNode;
  const sizes = `[${OPERATOR_SET_SIZES.join(' ')}]`;
  const choice = chooseSetSize(drives, { sizes: OPERATOR_SET_SIZES, nodes });
  if (!choice.ok) {
    const error = {
      'too-few': `incorrect number of endpoints provided ${args}`,
      indivisible: `incorrect number of endpoints provided ${args}, number of disks ${drives} is not divisible by any supported erasure set sizes ${sizes}`,
      asymmetric: `no symmetric distribution detected with input endpoints provided ${args}, disks ${drives} cannot be spread symmetrically by any supported erasure set sizes ${sizes}`,
    }[choice.reason];
    return { ok: false, error };
  }
  const parities: string[] = [];
  for (let parity = Math.floor(choice.size / 2); parity >= MIN_PARITY; parity--)
    parities.push(`EC:${parity}`);
  return { ok: true, parities };
}
