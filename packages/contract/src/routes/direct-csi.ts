import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Operator mode's Storage › Drives and volumes (spec 002 §2.6, §3; operator.md §2.2): the
// direct-csi driver's DirectCSIDrive and DirectCSIVolume objects, and formatting drives.

export const DirectCsiDrive = Type.Object(
  {
    /** `/dev/<name>`, the driver's device path without its partition infix. */
    drive: Type.String(),
    /** Bytes. */
    capacity: Type.Number(),
    /** Bytes. */
    allocated: Type.Number(),
    /** How many direct-csi volumes live on the drive. */
    volumes: Type.Integer(),
    node: Type.String(),
    /** The driver's drive status, with a trailing `*` when it is not initialized or not owned. */
    status: Type.String(),
    /** Why the drive is not initialized or not owned; empty otherwise. */
    message: Type.String(),
  },
  { $id: 'DirectCsiDrive' },
);
export type DirectCsiDrive = Static<typeof DirectCsiDrive>;

export const DirectCsiDrivesResponse = Type.Object(
  { drives: Type.Array(DirectCsiDrive) },
  { $id: 'DirectCsiDrivesResponse' },
);
export type DirectCsiDrivesResponse = Static<typeof DirectCsiDrivesResponse>;

export const DirectCsiVolume = Type.Object(
  {
    volume: Type.String(),
    /** Bytes. */
    capacity: Type.Number(),
    /** `/dev/<name>` of the drive holding it, as in the drive list. */
    drive: Type.String(),
    node: Type.String(),
  },
  { $id: 'DirectCsiVolume' },
);
export type DirectCsiVolume = Static<typeof DirectCsiVolume>;

export const DirectCsiVolumesResponse = Type.Object(
  { volumes: Type.Array(DirectCsiVolume) },
  { $id: 'DirectCsiVolumesResponse' },
);
export type DirectCsiVolumesResponse = Static<typeof DirectCsiVolumesResponse>;

export const FormatDrivesRequest = Type.Object(
  {
    /** `node:/dev/name` of each drive, as the drive list shows them. */
    drives: Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 10_000 }),
    /** Format drives that already hold a file system or are owned by the driver. */
    force: Type.Boolean(),
  },
  { $id: 'FormatDrivesRequest', additionalProperties: false },
);
export type FormatDrivesRequest = Static<typeof FormatDrivesRequest>;

export const FormatIssue = Type.Object(
  { node: Type.String(), drive: Type.String(), error: Type.String() },
  { $id: 'FormatIssue' },
);
export type FormatIssue = Static<typeof FormatIssue>;

export const FormatDrivesResponse = Type.Object(
  { formatIssuesList: Type.Array(FormatIssue) },
  { $id: 'FormatDrivesResponse' },
);
export type FormatDrivesResponse = Static<typeof FormatDrivesResponse>;

export const listDirectCsiDrives = defineRoute({
  id: 'listDirectCsiDrives',
  method: 'GET',
  path: '/direct-csi/drives',
  summary: 'Locally attached drives the direct-csi driver manages, sorted by node, path and status',
  tag: 'operator',
  auth: true,
  responses: { 200: DirectCsiDrivesResponse, ...CALL_ERRORS },
});

export const listDirectCsiVolumes = defineRoute({
  id: 'listDirectCsiVolumes',
  method: 'GET',
  path: '/direct-csi/volumes',
  summary: 'Volumes the direct-csi driver carved out of those drives',
  tag: 'operator',
  auth: true,
  responses: { 200: DirectCsiVolumesResponse, ...CALL_ERRORS },
});

export const formatDirectCsiDrives = defineRoute({
  id: 'formatDirectCsiDrives',
  method: 'POST',
  path: '/direct-csi/drives/format',
  summary: 'Ask the driver to own and format drives (xfs); answers the drives it refused and why',
  tag: 'operator',
  auth: true,
  body: FormatDrivesRequest,
  /** 404: the cluster has no drives at all. */
  responses: { 200: FormatDrivesResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});
