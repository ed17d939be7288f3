import type { KubeCall } from '../../tenants/test-support/kube-objects.js';

// The direct-csi driver's cluster-scoped objects as its node driver would write them, created
// straight in the API server by tests (reference/operator.md §2.2: the fields the console reads).

export const DRIVES_PATH = '/apis/direct.csi.min.io/v1beta1/directcsidrives';
export const VOLUMES_PATH = '/apis/direct.csi.min.io/v1beta1/directcsivolumes';

export interface DriveStatus {
  path: string;
  nodeName: string;
  driveStatus: string;
  filesystem?: string;
  totalCapacity: number;
  allocatedCapacity?: number;
  conditions?: { type: string; status: string; message: string }[];
}

/** A DirectCSIDrive not yet owned by the driver, its status kept with the object. */
export async function createDrive(kube: KubeCall, name: string, status: DriveStatus): Promise<void> {
  await kube('POST', DRIVES_PATH, {
    apiVersion: 'direct.csi.min.io/v1beta1',
    kind: 'DirectCSIDrive',
    metadata: { name },
    spec: { directCSIOwned: false },
    status: {
      ...status,
      // 1.20 stores an empty string here as null, which the schema refuses: the driver writes text.
      conditions: (status.conditions ?? []).map((c) => ({
        ...c,
        message: c.message || c.type,
        reason: c.status === 'True' ? c.type : `Not${c.type}`,
        lastTransitionTime: '2021-09-08T10:00:00Z',
      })),
    },
  });
}

/** A DirectCSIVolume carved out of the drive named `drive` (its metadata.name). */
export async function createVolume(
  kube: KubeCall,
  name: string,
  drive: string,
  nodeName: string,
  totalCapacity: number,
): Promise<void> {
  await kube('POST', VOLUMES_PATH, {
    apiVersion: 'direct.csi.min.io/v1beta1',
    kind: 'DirectCSIVolume',
    metadata: { name },
    status: { drive, nodeName, totalCapacity },
  });
}
