import type { DirectCsiDrive } from '@stowage/contract';

/** `node:/dev/name`: a drive's identity in the list and in the format request (operator.md §2.2). */
export const driveKey = (drive: Pick<DirectCsiDrive, 'node' | 'drive'>): string =>
  `${drive.node}:${drive.drive}`;
