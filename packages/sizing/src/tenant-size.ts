// The Create Tenant wizard's size page checks (spec 002 §5 "Size", §4 "Create-tenant size"):
// each field's message, and whether the page may go on.

import { GIB, getBytes, niceBytes } from './bytes.js';
import type { Distribution } from './distribution.js';
import type { ErasureCodeCalc } from './erasure-code.js';
import type { MemoryResource } from './memory.js';

/** The size page's inputs, as typed. */
export interface TenantSizeFields {
  nodes: string;
  /** In `sizeFactor` units (Kubernetes units: Gi, Ti…). */
  volumeSize: string;
  sizeFactor: string;
  /** GiB per server. */
  memoryNode: string;
  drivesPerServer: string;
}

export type TenantSizeErrors = Partial<Record<keyof TenantSizeFields, string>>;

export const FIELD_REQUIRED = 'Field cannot be empty';

/**
 * Field messages, at most one per field, empty fields first. `volumeLimit` is the chosen storage
 * class's room in bytes (quota hard − used); `nodesError` the max-allocatable-memory failure.
 */
export function tenantSizeErrors(
  fields: TenantSizeFields,
  volumeLimit: number,
  nodesError = '',
): TenantSizeErrors {
  const errors: TenantSizeErrors = {};
  const check = (field: keyof TenantSizeFields, invalid: boolean, message: string) => {
    if (fields[field].trim() === '') errors[field] = FIELD_REQUIRED;
    else if (invalid) errors[field] = message;
  };
  check('nodes', nodesError !== '', nodesError);
  const volume = getBytes(fields.volumeSize, fields.sizeFactor, true);
  check(
    'volumeSize',
    !(volume >= GIB && volume <= volumeLimit),
    `Volume size must be greater than 1Gi and less than ${niceBytes(volumeLimit, true)}`,
  );
  // A value that is not a number is refused too (the console let it through to the memory check).
  check('memoryNode', !(Number.parseInt(fields.memoryNode, 10) >= 2), 'Memory size must be greater than 2Gi');
  check(
    'drivesPerServer',
    !(Number.parseInt(fields.drivesPerServer, 10) >= 1),
    'There must be at least one drive',
  );
  return errors;
}

/** The size page is valid when no field has a message and distribution, EC and memory agree. */
export function tenantSizeValid(
  errors: TenantSizeErrors,
  distribution: Pick<Distribution, 'error'>,
  erasureCode: Pick<ErasureCodeCalc, 'error'>,
  memory: Pick<MemoryResource, 'error'>,
): boolean {
  return (
    Object.keys(errors).length === 0 &&
    distribution.error === '' &&
    erasureCode.error === 0 &&
    memory.error === ''
  );
}
