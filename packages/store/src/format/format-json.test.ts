import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { driveFormat, FORMAT_VERSION, formatJson, migrateFormat } from './format-json.js';

const fixture = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8'));

/** Drive 17 of 32, in sets of 16: what version 3 holds. */
const SETS_OF_16 = {
  format: 'stowage',
  version: 3,
  deploymentId: 'dep',
  drives: 32,
  index: 17,
  setDrives: 16,
};

describe('format.json', () => {
  it('reads the current version as is', () => {
    expect(migrateFormat(SETS_OF_16)).toEqual({ format: SETS_OF_16, migrated: false, needsIndex: false });
  });

  it('reads version 2 as one set of every drive, however many, and keeps it version 2', async () => {
    // A deployment of 20 drives formatted before sets existed stays one set of 20: sets of 10
    // would place every key somewhere else. Its formats need no rewrite.
    const { format, migrated, needsIndex } = migrateFormat(await fixture('format-v2-20-drives.json'));
    expect({ migrated, needsIndex }).toEqual({ migrated: false, needsIndex: false });
    expect(format).toEqual({
      format: 'stowage',
      version: 2,
      deploymentId: 'd1a6e6a4-5f0e-4b7a-9c55-1f2b3c4d5e6f',
      drives: 20,
      index: 13,
      setDrives: 20,
    });
  });

  it('writes one set of every drive as version 2, as stores from before sets read it, and sets as version 3', () => {
    expect(JSON.parse(formatJson(driveFormat('dep', 4, 1, 4)))).toEqual({
      format: 'stowage',
      version: 2,
      deploymentId: 'dep',
      drives: 4,
      index: 1,
    });
    expect(JSON.parse(formatJson(driveFormat('dep', 32, 17, 16)))).toEqual(SETS_OF_16);
    for (const f of [driveFormat('dep', 4, 1, 4), driveFormat('dep', 32, 17, 16)])
      expect(migrateFormat(JSON.parse(formatJson(f)))).toEqual({
        format: f,
        migrated: false,
        needsIndex: false,
      });
  });

  it('marks version 1 (records as meta.json files) for the index migration', () => {
    const v1 = { format: 'stowage', version: 1, deploymentId: 'dep', drives: 4, index: 3 };
    expect(migrateFormat(v1)).toEqual({
      format: { ...v1, version: 2, setDrives: 4 },
      migrated: true,
      needsIndex: true,
    });
  });

  it('migrates the version-0 fixture (drives named by id) to version 2', async () => {
    const { format, migrated, needsIndex } = migrateFormat(await fixture('format-v0.json'));
    expect(migrated).toBe(true);
    expect(needsIndex).toBe(true);
    expect(format).toEqual({
      format: 'stowage',
      version: 2,
      deploymentId: '5b0c0a39-2f4e-4f8e-9d0b-3f4f1c7a9e21',
      drives: 4,
      index: 2,
      setDrives: 4,
    });
  });

  it('refuses a version newer than this code knows, saying so', () => {
    expect(() => migrateFormat({ format: 'stowage', version: FORMAT_VERSION + 1 })).toThrow(
      /format\.json has version 4, newer than this version of Stowage understands \(3\); upgrade Stowage/,
    );
  });

  it('refuses records that are not Stowage drives or are inconsistent', () => {
    expect(() => migrateFormat({ format: 'xl', version: 1 })).toThrow(/not a Stowage drive/);
    expect(() => migrateFormat([])).toThrow(/expected a JSON object/);
    expect(() =>
      migrateFormat({ format: 'stowage', version: 2, deploymentId: 'd', drives: 2, index: 2 }),
    ).toThrow(/outside 2 drives/);
    expect(() =>
      migrateFormat({
        format: 'stowage',
        version: 3,
        deploymentId: 'd',
        drives: 20,
        index: 2,
        setDrives: 16,
      }),
    ).toThrow(/sets of 16 drives do not divide 20/);
    expect(() =>
      migrateFormat({ format: 'stowage', version: 3, deploymentId: 'd', drives: 20, index: 2 }),
    ).toThrow(/setDrives/);
    expect(() => migrateFormat({ format: 'stowage', version: 0, id: 'd', set: ['a'], this: 'b' })).toThrow(
      /"this"/,
    );
  });
});
