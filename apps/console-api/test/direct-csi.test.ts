// Storage › Drives against a real kube-apiserver with the direct-csi CRDs (packages/test-support/src/kube/cluster.mjs):
// drive and volume lists, and formatting with the spec's refusals, for admin, read-only and junk tokens.

import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kubeConfigFor } from '../src/clients/kube.js';
import { listDirectCsiDrives } from '../src/services/direct-csi/direct-csi-calls.js';
import {
  createDrive as createDriveObject,
  createVolume as createVolumeObject,
  DRIVES_PATH as DRIVES,
  type DriveStatus,
} from '../src/services/direct-csi/test-support/direct-csi-objects.js';
import { callAs, type Harness, type LoggedIn } from './harness.js';
import { startOperatorConsole } from './operator-harness.js';

const GIB = 1024 ** 3;

let cluster: Cluster;
let h: Harness;
let admin: LoggedIn;
let viewer: LoggedIn;

async function kube(method: string, path: string, body?: unknown) {
  const res = await cluster.api(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const createDrive = (name: string, status: DriveStatus) => createDriveObject(kube, name, status);
const createVolume = (name: string, drive: string, nodeName: string, totalCapacity: number) =>
  createVolumeObject(kube, name, drive, nodeName, totalCapacity);

async function driveSpecs(): Promise<Record<string, unknown>> {
  const list = (await kube('GET', DRIVES)) as { items: { metadata: { name: string }; spec: unknown }[] };
  return Object.fromEntries(list.items.map((d) => [d.metadata.name, d.spec]));
}

const format = (who: LoggedIn, drives: string[], force: boolean) =>
  callAs(h.app, who, 'POST', '/direct-csi/drives/format', { drives, force });

beforeAll(async () => {
  cluster = await startCluster();
  ({ h, admin, viewer } = await startOperatorConsole(cluster));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

describe('a cluster without drives', () => {
  test('lists nothing; a format names no drive (400) or finds none in the cluster (404)', async () => {
    expect((await callAs(h.app, admin, 'GET', '/direct-csi/drives')).json()).toEqual({ drives: [] });
    expect((await callAs(h.app, admin, 'GET', '/direct-csi/volumes')).json()).toEqual({ volumes: [] });
    const empty = await format(admin, [], false);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('at least one drive needs to be set');
    const none = await format(admin, ['node-1:/dev/sda'], false);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('no resources found globally');
  });
});

describe('drives and volumes', () => {
  beforeAll(async () => {
    await createDrive('drive-sdb-node-1', {
      path: '/var/lib/direct-csi/devices/sdb',
      nodeName: 'node-1',
      driveStatus: 'InUse',
      filesystem: 'xfs',
      totalCapacity: 100 * GIB,
      allocatedCapacity: 30 * GIB,
      conditions: [
        { type: 'Owned', status: 'True', message: '' },
        { type: 'Initialized', status: 'True', message: '' },
      ],
    });
    await createDrive('drive-sda-node-1', {
      path: '/dev/sda',
      nodeName: 'node-1',
      driveStatus: 'Available',
      totalCapacity: 50 * GIB,
      conditions: [
        {
          type: 'Owned',
          status: 'False',
          message: 'drive drive-sda-node-1 at /var/lib/direct-csi/devices/sda-part-1 is mounted\nmore detail',
        },
      ],
    });
    await createDrive('drive-nvme-node-2', {
      path: '/var/lib/direct-csi/devices/nvme0n1-part-1',
      nodeName: 'node-2',
      driveStatus: 'Ready',
      totalCapacity: 200 * GIB,
    });
    await createDrive('drive-sdc-node-2', {
      path: '/dev/sdc',
      nodeName: 'node-2',
      driveStatus: 'Available',
      filesystem: 'ext4',
      totalCapacity: 10 * GIB,
    });
    await createDrive('drive-sdd-node-2', {
      path: '/dev/sdd',
      nodeName: 'node-2',
      driveStatus: 'Unavailable',
      totalCapacity: 10 * GIB,
    });
    await createDrive('drive-sde-node-2', {
      path: '/dev/sde',
      nodeName: 'node-2',
      driveStatus: 'Available',
      totalCapacity: 10 * GIB,
    });
    await createVolume('pvc-1', 'drive-sdb-node-1', 'node-1', 10 * GIB);
    await createVolume('pvc-2', 'drive-sdb-node-1', 'node-1', 20 * GIB);
  });

  test('drives show /dev names, sizes, volume counts and a starred status with its reason, sorted', async () => {
    const res = await callAs(h.app, viewer, 'GET', '/direct-csi/drives');
    expect(res.statusCode).toBe(200);
    expect(res.json().drives).toEqual([
      {
        drive: '/dev/sda',
        capacity: 50 * GIB,
        allocated: 0,
        volumes: 0,
        node: 'node-1',
        status: 'Available*',
        message: 'drive  at /dev/sda1 is mounted',
      },
      {
        drive: '/dev/sdb',
        capacity: 100 * GIB,
        allocated: 30 * GIB,
        volumes: 2,
        node: 'node-1',
        status: 'InUse',
        message: '',
      },
      {
        drive: '/dev/nvme0n11',
        capacity: 200 * GIB,
        allocated: 0,
        volumes: 0,
        node: 'node-2',
        status: 'Ready',
        message: '',
      },
      {
        drive: '/dev/sdc',
        capacity: 10 * GIB,
        allocated: 0,
        volumes: 0,
        node: 'node-2',
        status: 'Available',
        message: '',
      },
      {
        drive: '/dev/sdd',
        capacity: 10 * GIB,
        allocated: 0,
        volumes: 0,
        node: 'node-2',
        status: 'Unavailable',
        message: '',
      },
      {
        drive: '/dev/sde',
        capacity: 10 * GIB,
        allocated: 0,
        volumes: 0,
        node: 'node-2',
        status: 'Available',
        message: '',
      },
    ]);
  });

  test('volumes show their drive by its /dev name', async () => {
    const res = await callAs(h.app, viewer, 'GET', '/direct-csi/volumes');
    expect(res.statusCode).toBe(200);
    expect(res.json().volumes).toEqual([
      { volume: 'pvc-1', capacity: 10 * GIB, drive: '/dev/sdb', node: 'node-1' },
      { volume: 'pvc-2', capacity: 20 * GIB, drive: '/dev/sdb', node: 'node-1' },
    ]);
  });

  test('a junk token is 401 from the API server', async () => {
    const junk = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      cluster.junkToken,
    );
    await expect(listDirectCsiDrives(junk)).rejects.toMatchObject({ status: 401, message: 'unauthorized' });
  });

  test('a read-only token may not format: 403 and no drive changes', async () => {
    const before = await driveSpecs();
    const res = await format(viewer, ['node-2:/dev/sde'], true);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'forbidden',
      detailedMessage: 'cannot update resource "directcsidrives"',
    });
    expect(await driveSpecs()).toEqual(before);
  });

  test('without force: owned, formatted, unavailable, in-use and unknown drives are refused', async () => {
    const res = await format(
      admin,
      [
        'node-2:/dev/nvme0n11',
        'node-2:/dev/sdc',
        'node-2:/dev/sdd',
        'node-1:/dev/sdb',
        'node-9:/dev/sdz',
        'node-2:/dev/sde',
      ],
      false,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().formatIssuesList).toEqual([
      {
        node: 'node-2',
        drive: '/dev/nvme0n11',
        error: 'Drive already owned and managed. Use force to overwrite',
      },
      { node: 'node-2', drive: '/dev/sdc', error: 'Drive already has a fs. Use force to overwrite' },
      { node: 'node-2', drive: '/dev/sdd', error: 'Status is unavailable' },
      { node: 'node-1', drive: '/dev/sdb', error: 'Drive in use. Cannot be formatted' },
      { node: 'node-9', drive: '/dev/sdz', error: 'Drive not found' },
    ]);
    const specs = await driveSpecs();
    expect(specs['drive-sde-node-2']).toEqual({
      directCSIOwned: true,
      requestedFormat: { filesystem: 'xfs', force: false },
    });
    for (const name of ['drive-nvme-node-2', 'drive-sdc-node-2', 'drive-sdd-node-2', 'drive-sdb-node-1'])
      expect(specs[name]).toEqual({ directCSIOwned: false });
  });

  test('with force: owned and formatted drives are formatted, in-use still refused', async () => {
    const res = await format(admin, ['node-2:/dev/nvme0n11', 'node-2:/dev/sdc', 'node-1:/dev/sdb'], true);
    expect(res.statusCode).toBe(200);
    expect(res.json().formatIssuesList).toEqual([
      { node: 'node-1', drive: '/dev/sdb', error: 'Drive in use. Cannot be formatted' },
    ]);
    const specs = await driveSpecs();
    const forced = { directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force: true } };
    expect(specs['drive-nvme-node-2']).toEqual(forced);
    expect(specs['drive-sdc-node-2']).toEqual(forced);
    expect(specs['drive-sdb-node-1']).toEqual({ directCSIOwned: false });
  });
});
