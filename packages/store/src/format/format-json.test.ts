import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, migrateFormat } from './format-json.js';

const fixture = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8'));

describe('format.json', () => {
  it('reads the current version as is', () => {
    const current = { format: 'stowage', version: 2, deploymentId: 'dep', drives: 4, index: 3 };
    expect(migrateFormat(current)).toEqual({ format: current, migrated: false, needsIndex: false });
  });

  it('marks version 1 (records as meta.json files) for the index migration', () => {
    const v1 = { format: 'stowage', version: 1, deploymentId: 'dep', drives: 4, index: 3 };
    expect(migrateFormat(v1)).toEqual({ format: { ...v1, version: 2 }, migrated: true, needsIndex: true });
  });

  it('migrates the version-0 fixture (drives named by id) to the current version', async () => {
    const { format, migrated, needsIndex } = migrateFormat(await fixture('format-v0.json'));
    expect(migrated).toBe(true);
    expect(needsIndex).toBe(true);
    expect(format).toEqual({
      format: 'stowage',
      version: FORMAT_VERSION,
      deploymentId: '5b0c0a39-2f4e-4f8e-9d0b-3f4f1c7a9e21',
      drives: 4,
      index: 2,
    });
  });

  it('refuses a version newer than this code knows, saying so', () => {
    expect(() => migrateFormat({ format: 'stowage', version: FORMAT_VERSION + 1 })).toThrow(
      /format\.json has version 3, newer than this version of Stowage understands \(2\); upgrade Stowage/,
    );
  });

  it('refuses records that are not Stowage drives or are inconsistent', () => {
    expect(() => migrateFormat({ format: 'xl', version: 1 })).toThrow(/not a Stowage drive/);
    expect(() => migrateFormat([])).toThrow(/expected a JSON object/);
    expect(() =>
      migrateFormat({ format: 'stowage', version: 2, deploymentId: 'd', drives: 2, index: 2 }),
    ).toThrow(/outside 2 drives/);
    expect(() => migrateFormat({ format: 'stowage', version: 0, id: 'd', set: ['a'], this: 'b' })).toThrow(
      /"this"/,
    );
  });
});
