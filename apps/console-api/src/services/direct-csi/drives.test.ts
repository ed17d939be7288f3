import { describe, expect, it } from 'vitest';
import {
  type Drive,
  driveDisplayName,
  driveFormatKey,
  driveViews,
  FORMAT_MESSAGES,
  formatPlan,
  volumeViews,
} from './drives.js';

function drive(name: string, status: Drive['status']): Drive {
  return { metadata: { name }, spec: { directCSIOwned: false }, status };
}

/** Conditions carry the time they last changed (the schema requires it). */
const CHANGED = '2026-01-01T00:00:00Z';

const nvme = drive('f6d2a8', {
  path: '/var/lib/direct-csi/devices/nvme0n1-part-1',
  nodeName: 'node-b',
  driveStatus: 'Available',
  totalCapacity: 1000,
  allocatedCapacity: 0,
});
const sdb = drive('0c3e4a', {
  path: '/dev/sdb',
  nodeName: 'node-a',
  driveStatus: 'InUse',
  filesystem: 'xfs',
  totalCapacity: 2000,
  allocatedCapacity: 500,
  conditions: [
    { type: 'Owned', status: 'True', message: '', reason: 'Owned', lastTransitionTime: CHANGED },
    {
      type: 'Initialized',
      status: 'False',
      reason: 'NotInitialized',
      lastTransitionTime: CHANGED,
      message: 'drive 0c3e4a at /var/lib/direct-csi/devices/sdb-part-2 is not ready\nsecond line',
    },
  ],
});
const sda = drive('9a1b2c', { path: '/dev/sda', nodeName: 'node-a', driveStatus: 'Ready' });

describe('direct-csi drives', () => {
  it('shows a drive as /dev/<name> without the devices root or the partition infix', () => {
    expect(driveDisplayName('/var/lib/direct-csi/devices/nvme0n1-part-1')).toBe('/dev/nvme0n11');
    expect(driveDisplayName('/dev/sdb')).toBe('/dev/sdb');
    expect(driveFormatKey(nvme)).toBe('node-b:/dev/nvme0n11');
  });

  it('counts volumes per drive, marks a failing condition with * and sorts by node, path, status', () => {
    const volumes = [
      { metadata: { name: 'pvc-1' }, status: { drive: '0c3e4a', nodeName: 'node-a', totalCapacity: 300 } },
      { metadata: { name: 'pvc-2' }, status: { drive: '0c3e4a', nodeName: 'node-a', totalCapacity: 200 } },
      { metadata: { name: 'pvc-3' }, status: { drive: 'gone', nodeName: 'node-c', totalCapacity: 1 } },
    ];
    expect(driveViews([nvme, sdb, sda], volumes)).toEqual([
      {
        drive: '/dev/sda',
        capacity: 0,
        allocated: 0,
        volumes: 0,
        node: 'node-a',
        status: 'Ready',
        message: '',
      },
      {
        drive: '/dev/sdb',
        capacity: 2000,
        allocated: 500,
        volumes: 2,
        node: 'node-a',
        status: 'InUse*',
        message: 'drive  at /dev/sdb2 is not ready',
      },
      {
        drive: '/dev/nvme0n11',
        capacity: 1000,
        allocated: 0,
        volumes: 0,
        node: 'node-b',
        status: 'Available',
        message: '',
      },
    ]);
    expect(volumeViews(volumes, [sdb])).toEqual([
      { volume: 'pvc-1', capacity: 300, drive: '/dev/sdb', node: 'node-a' },
      { volume: 'pvc-2', capacity: 200, drive: '/dev/sdb', node: 'node-a' },
      { volume: 'pvc-3', capacity: 1, drive: 'gone', node: 'node-c' },
    ]);
  });

  it('refuses unavailable and in-use drives even with force', () => {
    const unavailable = drive('u', { path: '/dev/sdc', nodeName: 'n', driveStatus: 'Unavailable' });
    const plan = formatPlan([unavailable, sdb], ['n:/dev/sdc', 'node-a:/dev/sdb'], true);
    expect(plan.updates).toEqual([]);
    expect(plan.issues).toEqual([
      { node: 'n', drive: '/dev/sdc', error: FORMAT_MESSAGES.unavailable },
      { node: 'node-a', drive: '/dev/sdb', error: 'Drive in use. Cannot be formatted' },
    ]);
  });

  it('without force refuses owned drives and drives with a file system; with force formats them', () => {
    const formatted = drive('f', {
      path: '/dev/sdd',
      nodeName: 'n',
      driveStatus: 'Available',
      filesystem: 'ext4',
    });
    const keys = ['node-a:/dev/sda', 'n:/dev/sdd'];
    expect(formatPlan([sda, formatted], keys, false).issues).toEqual([
      { node: 'node-a', drive: '/dev/sda', error: 'Drive already owned and managed. Use force to overwrite' },
      { node: 'n', drive: '/dev/sdd', error: 'Drive already has a fs. Use force to overwrite' },
    ]);
    const forced = formatPlan([sda, formatted], keys, true);
    expect(forced.issues).toEqual([]);
    expect(forced.updates.map((d) => [d.metadata.name, d.spec])).toEqual([
      ['9a1b2c', { directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force: true } }],
      ['f', { directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force: true } }],
    ]);
  });

  it('formats an available empty drive once, and names drives the cluster does not have', () => {
    const plan = formatPlan(
      [nvme],
      ['node-b:/dev/nvme0n11', 'node-b:/dev/nvme0n11', 'node-z:/dev/sdz'],
      false,
    );
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]?.spec).toEqual({
      directCSIOwned: true,
      requestedFormat: { filesystem: 'xfs', force: false },
    });
    expect(plan.updates[0]?.status).toEqual(nvme.status);
    expect(plan.issues).toEqual([{ node: 'node-z', drive: '/dev/sdz', error: 'Drive not found' }]);
  });
});
