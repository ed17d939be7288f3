import type { CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import type {
  DirectCsiDrivesResponse,
  DirectCsiVolumesResponse,
  FormatDrivesResponse,
  FormatIssue,
} from '@stowage/contract';
import { fromKubeError, requireRights } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import { ApiError } from '../../http/errors.js';
import { kubeCall } from '../operator-cluster.js';
import {
  DIRECT_CSI_GROUP,
  DIRECT_CSI_VERSION,
  DRIVE_PLURAL,
  type Drive,
  driveFormatKey,
  driveViews,
  FORMAT_MESSAGES,
  formatPlan,
  issueFor,
  VOLUME_PLURAL,
  type Volume,
  volumeViews,
} from './drives.js';

// The Kubernetes calls behind Storage › Drives (operator.md §2, §2.2), with the session's token.

const driveObjects = { group: DIRECT_CSI_GROUP, version: DIRECT_CSI_VERSION, plural: DRIVE_PLURAL };
const volumeObjects = { group: DIRECT_CSI_GROUP, version: DIRECT_CSI_VERSION, plural: VOLUME_PLURAL };

async function listDrives(api: CustomObjectsApi): Promise<Drive[]> {
  return ((await kubeCall(() => api.listClusterCustomObject(driveObjects))) as { items: Drive[] }).items;
}

async function listVolumes(api: CustomObjectsApi): Promise<Volume[]> {
  return ((await kubeCall(() => api.listClusterCustomObject(volumeObjects))) as { items: Volume[] }).items;
}

export async function listDirectCsiDrives(kc: KubeConfig): Promise<DirectCsiDrivesResponse> {
  const api = kc.makeApiClient(k8s().CustomObjectsApi);
  const [drives, volumes] = await Promise.all([listDrives(api), listVolumes(api)]);
  return { drives: driveViews(drives, volumes) };
}

export async function listDirectCsiVolumes(kc: KubeConfig): Promise<DirectCsiVolumesResponse> {
  const api = kc.makeApiClient(k8s().CustomObjectsApi);
  const [drives, volumes] = await Promise.all([listDrives(api), listVolumes(api)]);
  return { volumes: volumeViews(volumes, drives) };
}

/**
 * Mark drives as owned by the driver with an xfs format requested. Drives the rules refuse, and
 * drives whose update the API server refuses (a conflict, say), come back as issues; a token that
 * may not update drives at all is refused (403) before any drive is written.
 */
export async function formatDirectCsiDrives(
  kc: KubeConfig,
  keys: string[],
  force: boolean,
): Promise<FormatDrivesResponse> {
  if (keys.length === 0) throw new ApiError('badRequest', FORMAT_MESSAGES.noDrives, FORMAT_MESSAGES.noDrives);
  await requireRights(kc, [{ verb: 'update', group: DIRECT_CSI_GROUP, resource: DRIVE_PLURAL }]);
  const api = kc.makeApiClient(k8s().CustomObjectsApi);
  const drives = await listDrives(api);
  if (drives.length === 0)
    throw new ApiError('notFound', FORMAT_MESSAGES.noResources, FORMAT_MESSAGES.noResources);
  const plan = formatPlan(drives, keys, force);
  const issues: FormatIssue[] = [...plan.issues];
  for (const drive of plan.updates) {
    try {
      await api.replaceClusterCustomObject({ ...driveObjects, name: drive.metadata.name, body: drive });
    } catch (err) {
      const error = fromKubeError(err);
      // A session the cluster no longer accepts fails the call, not one drive.
      if (error.status === 401 || error.status === 403) throw error;
      issues.push(issueFor(driveFormatKey(drive), error.detailedMessage));
    }
  }
  return { formatIssuesList: issues };
}
