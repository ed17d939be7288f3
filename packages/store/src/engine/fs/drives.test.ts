import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStore } from '../../store.js';
import { initDrives, reformatDrive, splitSets } from './drives.js';
import { bucketsDir } from './layout.js';

let dir: string;
let drives: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-drives-'));
  drives = [0, 1, 2, 3].map((i) => join(dir, `d${i}`));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const readFormat = async (drive: string) =>
  JSON.parse(await readFile(join(drive, '.stowage.sys/format.json'), 'utf8')) as Record<string, unknown>;

describe('initDrives', () => {
  it('formats fresh drives with one deployment id and their positions, and reopens them', async () => {
    const set = await initDrives(drives);
    for (const [index, drive] of drives.entries()) {
      expect(await readFormat(drive)).toEqual({
        format: 'stowage',
        version: 2,
        deploymentId: set.deploymentId,
        drives: 4,
        index,
      });
    }
    expect((await initDrives(drives)).deploymentId).toBe(set.deploymentId);
  });

  it('clears writes a crash left in tmp', async () => {
    await initDrives(drives);
    await writeFile(join(drives[0]!, '.stowage.sys/tmp/half-written'), 'x');
    await initDrives(drives);
    await expect(readFile(join(drives[0]!, '.stowage.sys/tmp/half-written'))).rejects.toThrow();
  });

  it('migrates version-0 format records on disk and rewrites them', async () => {
    await mkdir(join(drives[2]!, '.stowage.sys'), { recursive: true });
    await copyFile(
      new URL('../../../test/fixtures/format-v0.json', import.meta.url),
      join(drives[2]!, '.stowage.sys/format.json'),
    );
    const set = await initDrives(drives);
    expect(set.deploymentId).toBe('5b0c0a39-2f4e-4f8e-9d0b-3f4f1c7a9e21');
    expect(await readFormat(drives[2]!)).toMatchObject({ version: 2, index: 2, drives: 4 });
    expect(await readFormat(drives[0]!)).toMatchObject({
      version: 2,
      index: 0,
      deploymentId: set.deploymentId,
    });
  });

  it('puts drives given in another order at the positions their formats name, as MinIO does', async () => {
    const set = await initDrives(drives);
    const again = await initDrives([drives[2]!, drives[0]!, drives[3]!, drives[1]!]);
    expect(again.drives).toEqual(set.drives);
    // A blank drive (a replaced disk) takes the position left, wherever it is given.
    await rm(drives[1]!, { recursive: true });
    const replaced = await initDrives([drives[1]!, drives[3]!, drives[0]!, drives[2]!]);
    expect([replaced.drives, replaced.fresh]).toEqual([set.drives, [false, true, false, false]]);
    expect(await readFormat(drives[1]!)).toMatchObject({ index: 1, deploymentId: set.deploymentId });
  });

  it('refuses two drives claiming one position, and a moved drive while another cannot be read', async () => {
    await initDrives(drives);
    // Drive 4 unreadable (a file where its folder should be): the order given must stay.
    const unreadable = join(dir, 'file-drive');
    await writeFile(unreadable, 'not a drive');
    await expect(initDrives([drives[1]!, drives[0]!, drives[2]!, unreadable])).rejects.toThrow(
      /while a drive cannot be read, keep the original drive order/,
    );
    expect((await initDrives([drives[0]!, drives[1]!, drives[2]!, unreadable])).drives[3]).toBe(unreadable);
    await copyFile(
      join(drives[0]!, '.stowage.sys/format.json'),
      join(drives[1]!, '.stowage.sys/format.json'),
    );
    await expect(initDrives(drives)).rejects.toThrow(/both carry position 1 of the deployment/);
  });

  it('refuses drives of another size or from another deployment', async () => {
    await initDrives(drives);
    await expect(initDrives(drives.slice(0, 3))).rejects.toThrow(/formatted for 4 drives, not 3/);
    const other = [0, 1, 2, 3].map((i) => join(dir, `other${i}`));
    await initDrives(other);
    await expect(initDrives([drives[0]!, other[1]!, drives[2]!, drives[3]!])).rejects.toThrow(
      /another deployment/,
    );
    // The first drive foreign: it is the one named, not the three that agree.
    await expect(initDrives([other[0]!, drives[1]!, drives[2]!, drives[3]!])).rejects.toThrow(
      new RegExp(`Drive ${other[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} belongs to another deployment`),
    );
    await expect(initDrives([drives[0]!, drives[0]!])).rejects.toThrow(/given once/);
  });

  it('refuses to start on fewer formatted drives than read quorum, formatting nothing', async () => {
    const store = await startStore({
      drives,
      rootCredentials: { accessKey: 'root', secretKey: 'root-secret' },
    });
    await store.close();
    // Three drives swapped for blank folders (unmounted mount points): only one keeps the data.
    for (const d of drives.slice(1)) await rm(d, { recursive: true, force: true });
    await expect(
      startStore({ drives, rootCredentials: { accessKey: 'root', secretKey: 'root-secret' } }),
    ).rejects.toThrow(/Only 1 of 4 drives carry this deployment's format; at least 2 must/);
    await expect(readFormat(drives[1]!)).rejects.toMatchObject({ code: 'ENOENT' });
    // With read quorum of them formatted, the blank ones are formatted and healed.
    await initDrives(drives, { formattedQuorum: 1 });
    for (const d of drives.slice(2)) await rm(join(d, '.stowage.sys/format.json'));
    const set = await initDrives(drives, { formattedQuorum: 2 });
    expect(set.fresh).toEqual([false, false, true, true]);
  });

  it('a first start cut short while formatting: the next start formats the rest', async () => {
    await initDrives(drives);
    // As if the first start died with one format written, before anything was stored.
    for (const d of drives.slice(1)) await rm(d, { recursive: true, force: true });
    const set = await initDrives(drives, { formattedQuorum: 2 });
    const first = await readFormat(drives[0]!);
    for (const [i, d] of drives.entries())
      expect(await readFormat(d)).toMatchObject({ deploymentId: first.deploymentId, index: i });
    expect(set.deploymentId).toBe(first.deploymentId);
  });

  it('a drive it cannot read beside blank ones: no new deployment is made over them', async () => {
    await initDrives(drives);
    // Drive 0 unreadable (its path a file), the others blank: it may hold the deployment.
    for (const d of drives) await rm(d, { recursive: true, force: true });
    await writeFile(drives[0]!, 'unreadable');
    await expect(initDrives(drives, { formattedQuorum: 1 })).rejects.toMatchObject({
      code: expect.any(String),
    });
    for (const d of drives.slice(1)) await expect(readFormat(d)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a reformat never adopts a drive of another deployment or position', async () => {
    const set = await initDrives(drives);
    const other = [0, 1, 2, 3].map((i) => join(dir, `other${i}`));
    await initDrives(other);
    await rm(drives[1]!, { recursive: true });
    await copyFile(join(other[1]!, '.stowage.sys/format.json'), join(dir, 'foreign.json'));
    await mkdir(join(drives[1]!, '.stowage.sys'), { recursive: true });
    await copyFile(join(dir, 'foreign.json'), join(drives[1]!, '.stowage.sys/format.json'));
    await expect(reformatDrive(set, 1)).rejects.toThrow(/another deployment's or position's format/);
    await expect(reformatDrive(set, 2)).resolves.toBe(false);
  });

  it('startStore refuses a format newer than the code, with a clear error', async () => {
    await mkdir(join(drives[0]!, '.stowage.sys'), { recursive: true });
    await writeFile(
      join(drives[0]!, '.stowage.sys/format.json'),
      JSON.stringify({ format: 'stowage', version: 7, deploymentId: 'future', drives: 4, index: 0 }),
    );
    await expect(
      startStore({ drives, rootCredentials: { accessKey: 'root', secretKey: 'root-secret' } }),
    ).rejects.toThrow(
      /Drive .*d0: format\.json has version 7, newer than this version of Stowage understands \(3\); upgrade Stowage/,
    );
  });
});

describe('initDrives with several erasure sets', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => join(dir, `m${i}`));

  it('forms 32 drives into two sets of 16, recorded in every format, and splits them', async () => {
    const paths = many(32);
    const deployment = await initDrives(paths);
    expect(deployment.setDrives).toBe(16);
    expect(await readFormat(paths[20]!)).toMatchObject({ version: 3, drives: 32, index: 20, setDrives: 16 });
    const sets = splitSets(deployment);
    expect(sets.map((s) => [s.first, s.total, s.drives.length])).toEqual([
      [0, 32, 16],
      [16, 32, 16],
    ]);
    expect(sets[1]!.drives[4]).toBe(paths[20]);
    // A drive of the second set is reformatted at its own position, with the deployment's shape.
    await rm(join(paths[20]!, '.stowage.sys/format.json'));
    await expect(reformatDrive(sets[1]!, 4)).resolves.toBe(true);
    expect(await readFormat(paths[20]!)).toMatchObject({ drives: 32, index: 20, setDrives: 16 });
    await expect(reformatDrive(sets[0]!, 4)).resolves.toBe(false);
    await expect(reformatDrive(sets[1]!, 5)).resolves.toBe(false);
  });

  it('refuses a drive count no set size divides, formatting nothing', async () => {
    const paths = many(17);
    await expect(initDrives(paths)).rejects.toThrow(/17 drives cannot form erasure sets/);
    for (const p of paths) await expect(stat(p)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a parity the sets cannot take before writing anything, naming the sets', async () => {
    const paths = many(32);
    const start = (parity: number) =>
      startStore({ drives: paths, parity, rootCredentials: { accessKey: 'root', secretKey: 'root-secret' } });
    await expect(start(9)).rejects.toThrow(
      /Parity must be an integer from 0 to 8 for 16 drive\(s\): the 32 drives form erasure sets of 16/,
    );
    for (const p of paths) await expect(stat(p)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps a deployment formatted before sets as one set of all its drives', async () => {
    const paths = many(20);
    const deploymentId = 'd1a6e6a4-5f0e-4b7a-9c55-1f2b3c4d5e6f';
    for (const [index, p] of paths.entries()) {
      await mkdir(join(p, '.stowage.sys'), { recursive: true });
      const v2 = { format: 'stowage', version: 2, deploymentId, drives: 20, index };
      await writeFile(join(p, '.stowage.sys/format.json'), JSON.stringify(v2));
    }
    const deployment = await initDrives(paths);
    expect(deployment.setDrives).toBe(20);
    expect(splitSets(deployment)).toHaveLength(1);
    // Its formats stay as they were: a store from before sets still opens it.
    expect(await readFormat(paths[7]!)).toEqual({
      format: 'stowage',
      version: 2,
      deploymentId,
      drives: 20,
      index: 7,
    });
  });

  it('refuses to start when one set finds too few of its drives formatted, even if the others do', async () => {
    const paths = many(32);
    await initDrives(paths);
    // The deployment holds something (a bucket record on the first set's drives)...
    for (const p of paths.slice(0, 16)) await writeFile(join(bucketsDir(p), 'photos.json'), '{}');
    // ...and the second set's drives are unmounted: blank folders where they were.
    for (const p of paths.slice(16)) await rm(p, { recursive: true, force: true });
    await expect(initDrives(paths, { formattedQuorum: (n) => n / 2 })).rejects.toThrow(
      /Only 0 of 16 drives of set 2 carry this deployment's format; at least 8 must/,
    );
    await expect(readFormat(paths[16]!)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a drive formatted for other sets', async () => {
    const paths = many(32);
    await initDrives(paths);
    const format = await readFormat(paths[3]!);
    await writeFile(join(paths[3]!, '.stowage.sys/format.json'), JSON.stringify({ ...format, setDrives: 8 }));
    await expect(initDrives(paths)).rejects.toThrow(/formatted for sets of 8 drives, not 16/);
  });
});
