import type { TenantPoolRequest } from '@stowage/contract';
import {
  defaultParity,
  erasureCodeCalc,
  getBytes,
  type MemoryResource,
  parityChoices,
  setMemoryResource,
  type TenantSizeErrors,
  type TenantSizeFields,
  tenantSizeErrors,
} from '@stowage/sizing';

/** Expand Tenant's form: the size fields of the wizard plus the pool's name and class. */
export interface ExpandPoolForm extends TenantSizeFields {
  name: string;
  storageClass: string;
}

/** Spec 002 §9 defaults: 4 servers, 1 drive each, 100 Gi volumes, 2 Gi of memory per server. */
export const EXPAND_DEFAULTS: ExpandPoolForm = {
  name: '',
  storageClass: '',
  nodes: '4',
  drivesPerServer: '1',
  volumeSize: '100',
  sizeFactor: 'Gi',
  memoryNode: '2',
};

export interface ExpandPoolCheck {
  errors: TenantSizeErrors;
  /** MinIO's reason when no erasure code fits the pool's drives, else ''. */
  parityError: string;
  memory: MemoryResource;
  rawCapacity: number;
  /** Usable bytes at the default parity, and that parity. */
  usableCapacity: number;
  parity: string;
  tolerations: number;
  totalDrives: number;
  valid: boolean;
}

const int = (text: string) => (/^\d+$/.test(text.trim()) ? Number.parseInt(text, 10) : Number.NaN);

/**
 * The new pool judged by the wizard's rules (@stowage/sizing): field messages, the parity the
 * pool's drives allow, the memory request and limit, and the capacity it adds.
 */
export function checkExpandPool(
  form: ExpandPoolForm,
  volumeLimit: number,
  maxMemory: number | undefined,
  nodesError: string,
): ExpandPoolCheck {
  const errors = tenantSizeErrors(form, volumeLimit, nodesError);
  const servers = int(form.nodes);
  const drives = int(form.drivesPerServer);
  const pvSize = getBytes(form.volumeSize, form.sizeFactor, true);
  const totalDrives = servers * drives;
  const choices = Number.isNaN(totalDrives)
    ? { ok: false as const, error: '' }
    : parityChoices(servers, drives);
  const parities = choices.ok ? choices.parities : [];
  const rawCapacity = Number.isNaN(totalDrives) ? 0 : totalDrives * pvSize;
  const memory =
    maxMemory === undefined
      ? { error: '', request: 0, limit: 0 }
      : setMemoryResource(Number.parseInt(form.memoryNode, 10) || 0, rawCapacity, maxMemory);
  const ec = erasureCodeCalc(parities, totalDrives, pvSize, servers);
  const parity = defaultParity(parities, totalDrives, servers);
  const factor = ec.storageFactors.find((f) => f.erasureCode === parity);
  const valid =
    Object.values(errors).every((e) => e === undefined) &&
    choices.ok &&
    maxMemory !== undefined &&
    memory.error === '' &&
    form.storageClass !== '';
  return {
    errors,
    parityError: choices.ok ? '' : choices.error,
    memory,
    rawCapacity,
    usableCapacity: factor ? Number(factor.maxCapacity) : 0,
    parity,
    tolerations: factor?.maxFailureTolerations ?? 0,
    totalDrives: Number.isNaN(totalDrives) ? 0 : totalDrives,
    valid,
  };
}

/** POST …/pools body; an empty name lets the API call it `pool-{n}`. */
export function expandPoolRequest(form: ExpandPoolForm, check: ExpandPoolCheck): TenantPoolRequest {
  const name = form.name.trim();
  return {
    ...(name ? { name } : {}),
    servers: int(form.nodes),
    volumes_per_server: int(form.drivesPerServer),
    volume_configuration: {
      size: getBytes(form.volumeSize, form.sizeFactor, true),
      storage_class_name: form.storageClass,
    },
    resources: {
      requests: { memory: check.memory.request },
      limits: { memory: check.memory.limit },
    },
  };
}
