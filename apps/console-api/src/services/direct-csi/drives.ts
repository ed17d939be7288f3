import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { DirectCsiDrive, DirectCsiVolume, FormatIssue } from '@stowage/contract';
import type {
  DirectCSIDriveV1beta1,
  DirectCSIDriveV1beta1StatusConditionsItem,
  DirectCSIVolumeV1beta1,
} from '../../clients/crd-types.generated.js';

// The direct-csi driver's drives and volumes as Storage › Drives shows them, and which drives a
// format request may touch (operator.md §2.2: the display name, the `*` status, the refusals).

export const DIRECT_CSI_GROUP = 'direct.csi.min.io';
export const DIRECT_CSI_VERSION = 'v1beta1';
export const DRIVE_PLURAL = 'directcsidrives';
export const VOLUME_PLURAL = 'directcsivolumes';

/** Where the driver links the devices it found; the console shows them under /dev. */
const DEVICES_ROOT = '/var/lib/direct-csi/devices/';
const PARTITION_INFIX = '-part-';

type DriveCondition = DirectCSIDriveV1beta1StatusConditionsItem;

/**
 * Objects of the driver's kinds carry the name the console keys drives and volumes by; the
 * schema leaves metadata's fields optional, the API server always sets the name.
 */
type NamedMetadata = V1ObjectMeta & { name: string };

/** A DirectCSIDrive (cluster-scoped, v1beta1), generated from its CRD. */
export interface Drive extends Omit<DirectCSIDriveV1beta1, 'metadata'> {
  metadata: NamedMetadata;
}

/** A DirectCSIVolume (cluster-scoped, v1beta1), generated from its CRD. */
export interface Volume extends Omit<DirectCSIVolumeV1beta1, 'metadata'> {
  metadata: NamedMetadata;
}

export const DRIVE_STATUS = {
  inUse: 'InUse',
  available: 'Available',
  unavailable: 'Unavailable',
  ready: 'Ready',
  terminating: 'Terminating',
  released: 'Released',
} as const;

export const FORMAT_MESSAGES = {
  noDrives: 'at least one drive needs to be set',
  noResources: 'no resources found globally',
  unavailable: 'Status is unavailable',
  inUse: 'Drive in use. Cannot be formatted',
  owned: 'Drive already owned and managed. Use force to overwrite',
  hasFilesystem: 'Drive already has a fs. Use force to overwrite',
  notFound: 'Drive not found',
} as const;

/** `/dev/<name>` of a driver path: devices root and /dev stripped, the partition infix removed. */
export function driveDisplayName(path: string | undefined): string {
  const name = (path ?? '').replace(DEVICES_ROOT, '').replace('/dev/', '').replaceAll(PARTITION_INFIX, '');
  return `/dev/${name}`;
}

/** The key a format request names a drive by: `node:/dev/name`. */
export const driveFormatKey = (drive: Drive) =>
  `${drive.status?.nodeName ?? ''}:${driveDisplayName(drive.status?.path)}`;

/** The last Initialized or Owned condition that is not True: the drive needs attention. */
function failingCondition(drive: Drive): DriveCondition | undefined {
  return (drive.status?.conditions ?? [])
    .filter((c) => (c.type === 'Initialized' || c.type === 'Owned') && c.status !== 'True')
    .at(-1);
}

/** A condition's message made readable: the drive's object name and the devices root gone, one line. */
function readableMessage(drive: Drive, message: string): string {
  return (
    message
      .replaceAll(drive.metadata.name, '')
      .replaceAll(DEVICES_ROOT.replace(/\/$/, ''), '/dev')
      .replaceAll(PARTITION_INFIX, '')
      .split('\n')[0] ?? ''
  );
}

export function driveView(drive: Drive, volumes: Volume[]): DirectCsiDrive {
  const failing = failingCondition(drive);
  const status = drive.status?.driveStatus ?? '';
  return {
    drive: driveDisplayName(drive.status?.path),
    capacity: drive.status?.totalCapacity ?? 0,
    allocated: drive.status?.allocatedCapacity ?? 0,
    volumes: volumes.filter((v) => v.status?.drive === drive.metadata.name).length,
    node: drive.status?.nodeName ?? '',
    status: failing ? `${status}*` : status,
    message: failing ? readableMessage(drive, failing.message ?? '') : '',
  };
}

/** Every drive, sorted by node, then path, then status. */
export function driveViews(drives: Drive[], volumes: Volume[]): DirectCsiDrive[] {
  return drives
    .map((drive) => driveView(drive, volumes))
    .sort(
      (a, b) =>
        a.node.localeCompare(b.node) || a.drive.localeCompare(b.drive) || a.status.localeCompare(b.status),
    );
}

/** Every volume with the display name of its drive (the raw drive name when the drive is gone). */
export function volumeViews(volumes: Volume[], drives: Drive[]): DirectCsiVolume[] {
  const paths = new Map(drives.map((d) => [d.metadata.name, driveDisplayName(d.status?.path)]));
  return volumes.map((volume) => ({
    volume: volume.metadata.name,
    capacity: volume.status?.totalCapacity ?? 0,
    drive: paths.get(volume.status?.drive ?? '') ?? volume.status?.drive ?? '',
    node: volume.status?.nodeName ?? '',
  }));
}

/** Why the driver must not format this drive, or undefined when it may. */
export function formatRefusal(drive: Drive, force: boolean): string | undefined {
  const status = drive.status?.driveStatus;
  if (status === DRIVE_STATUS.unavailable) return FORMAT_MESSAGES.unavailable;
  if (status === DRIVE_STATUS.inUse) return FORMAT_MESSAGES.inUse;
  if (force) return undefined;
  if (status === DRIVE_STATUS.ready) return FORMAT_MESSAGES.owned;
  if (drive.status?.filesystem) return FORMAT_MESSAGES.hasFilesystem;
  return undefined;
}

/** The drive as written back: owned by the driver, with an xfs format requested. */
export function formatRequested(drive: Drive, force: boolean): Drive {
  return {
    ...drive,
    spec: { ...drive.spec, directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force } },
  };
}

export interface FormatPlan {
  /** Drives to write back, each already marked for formatting. */
  updates: Drive[];
  issues: FormatIssue[];
}

/** Splits `node:/dev/name` at its first colon. */
export function issueFor(key: string, error: string): FormatIssue {
  const colon = key.indexOf(':');
  return colon < 0
    ? { node: '', drive: key, error }
    : { node: key.slice(0, colon), drive: key.slice(colon + 1), error };
}

/**
 * Which of the requested drives may be formatted and which are refused (and why). A key that
 * names no drive of the cluster is an issue too, rather than silently nothing.
 */
export function formatPlan(drives: Drive[], keys: string[], force: boolean): FormatPlan {
  const byKey = new Map(drives.map((d) => [driveFormatKey(d), d]));
  const plan: FormatPlan = { updates: [], issues: [] };
  for (const key of new Set(keys)) {
    const drive = byKey.get(key);
    const refusal = drive ? formatRefusal(drive, force) : FORMAT_MESSAGES.notFound;
    if (drive && refusal === undefined) plan.updates.push(formatRequested(drive, force));
    else plan.issues.push(issueFor(key, refusal ?? ''));
  }
  return plan;
}
