import {
  calculateDistribution,
  DISTRIBUTION_LIMIT,
  type Distribution,
  type ErasureCodeCalc,
  erasureCodeCalc,
  type MemoryResource,
  setMemoryResource,
  type TenantSizeErrors,
  tenantSizeErrors,
  tenantSizeValid,
} from '@stowage/sizing';
import type { WizardForm } from './wizardState.js';

// The size page's derived values (spec 002 §2.5 "Size", operator.md §4.2): how the size spreads
// over the volumes, what each parity gives, and the memory request and limit. All rules are
// @stowage/sizing's; this only feeds them the form.

export interface SizeInputs {
  /** get-parity's answer; empty while unknown or when the call failed. */
  parities: readonly string[];
  /** max-allocatable-memory's bytes; undefined while loading. */
  maxMemory: number | undefined;
  /** The max-allocatable-memory failure, marking the nodes field (spec §8). */
  nodesError: string;
  /** The chosen storage class's room in bytes (quota hard − used). */
  volumeLimit: number;
}

export interface SizePreview {
  errors: TenantSizeErrors;
  distribution: Distribution;
  erasureCode: ErasureCodeCalc;
  memory: MemoryResource;
  /** The parity that will be sent: the chosen one if offered, else the default. */
  parity: string;
  valid: boolean;
}

type SizeFields = Pick<
  WizardForm,
  'nodes' | 'drivesPerServer' | 'volumeSize' | 'sizeFactor' | 'memoryNode' | 'ecParity'
>;

export function sizePreview(form: SizeFields, inputs: SizeInputs): SizePreview {
  const nodes = Number.parseInt(form.nodes, 10);
  const drives = Number.parseInt(form.drivesPerServer, 10);
  const errors = tenantSizeErrors(form, inputs.volumeLimit, inputs.nodesError);
  const distribution = calculateDistribution(
    { value: form.volumeSize, unit: form.sizeFactor },
    nodes,
    DISTRIBUTION_LIMIT,
    drives,
  );
  const erasureCode = erasureCodeCalc(
    inputs.parities,
    distribution.persistentVolumes,
    distribution.pvSize,
    nodes,
  );
  const memory =
    inputs.maxMemory === undefined
      ? { error: '', request: 0, limit: 0 }
      : setMemoryResource(Number.parseInt(form.memoryNode, 10), erasureCode.rawCapacity, inputs.maxMemory);
  const parity = inputs.parities.includes(form.ecParity) ? form.ecParity : erasureCode.defaultEC;
  const loaded = inputs.maxMemory !== undefined;
  return {
    errors,
    distribution,
    erasureCode,
    memory,
    parity,
    valid: loaded && tenantSizeValid(errors, distribution, erasureCode, memory),
  };
}

/** The capacity line of the chosen parity, for the preview panel. */
export const chosenFactor = (preview: SizePreview) =>
  preview.erasureCode.storageFactors.find((f) => f.erasureCode === preview.parity);
