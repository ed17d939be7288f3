import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRootCredentials } from './root.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-root-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadRootCredentials', () => {
  it('prefers STOWAGE_ROOT_* over MINIO_ROOT_* and writes nothing', async () => {
    const creds = await loadRootCredentials(dir, {
      STOWAGE_ROOT_USER: 'stowage',
      STOWAGE_ROOT_PASSWORD: 'stowage-pass',
      MINIO_ROOT_USER: 'minio',
      MINIO_ROOT_PASSWORD: 'minio-pass',
    });
    expect(creds).toEqual({ accessKey: 'stowage', secretKey: 'stowage-pass', source: 'env' });
    await expect(stat(join(dir, '.stowage.sys/root.json'))).rejects.toThrow();
  });

  it('treats empty variables as unset', async () => {
    const creds = await loadRootCredentials(dir, {
      STOWAGE_ROOT_USER: '',
      STOWAGE_ROOT_PASSWORD: '',
      MINIO_ROOT_USER: 'minio',
      MINIO_ROOT_PASSWORD: 'minio-pass',
    });
    expect(creds).toMatchObject({ accessKey: 'minio', source: 'env' });
    const generated = await loadRootCredentials(dir, { STOWAGE_ROOT_USER: '', STOWAGE_ROOT_PASSWORD: '' });
    expect(generated.source).toBe('generated');
  });

  it('falls back to MINIO_ROOT_*', async () => {
    const creds = await loadRootCredentials(dir, {
      MINIO_ROOT_USER: 'minio',
      MINIO_ROOT_PASSWORD: 'minio-pass',
    });
    expect(creds).toMatchObject({ accessKey: 'minio', source: 'env' });
  });

  it('generates credentials once, saved with mode 0600, and reads them back', async () => {
    const generated = await loadRootCredentials(dir, {});
    expect(generated.source).toBe('generated');
    expect(generated.accessKey).toMatch(/^[0-9A-Z]{20}$/);
    expect(generated.secretKey).toMatch(/^[A-Za-z0-9]{40}$/);
    const file = join(dir, '.stowage.sys/root.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      v: 1,
      accessKey: generated.accessKey,
      secretKey: generated.secretKey,
    });
    const again = await loadRootCredentials(dir, {});
    expect(again).toEqual({ accessKey: generated.accessKey, secretKey: generated.secretKey, source: 'file' });
  });

  it('keeps generated credentials on every drive: a lost or unreadable drive loses nothing', async () => {
    const drives = ['d1', 'd2', 'd3'].map((d) => join(dir, d));
    const generated = await loadRootCredentials(drives, {});
    for (const d of drives)
      expect(JSON.parse(await readFile(join(d, '.stowage.sys/root.json'), 'utf8')).accessKey).toBe(
        generated.accessKey,
      );
    // The first drive replaced by an empty one: the others' copy is used, and given back to it.
    await rm(drives[0]!, { recursive: true });
    const again = await loadRootCredentials(drives, {});
    expect(again).toEqual({ accessKey: generated.accessKey, secretKey: generated.secretKey, source: 'file' });
    expect(JSON.parse(await readFile(join(drives[0]!, '.stowage.sys/root.json'), 'utf8')).accessKey).toBe(
      generated.accessKey,
    );
    // A drive in the way of reading (a file where the folder should be) is passed over.
    await rm(drives[1]!, { recursive: true });
    await writeFile(drives[1]!, 'not a drive');
    expect((await loadRootCredentials(drives, {})).accessKey).toBe(generated.accessKey);
    // A damaged copy is passed over while a good one is left; with none left it is an error,
    // never a reason for new credentials.
    await writeFile(join(drives[0]!, '.stowage.sys/root.json'), '{ damaged');
    expect((await loadRootCredentials(drives, {})).accessKey).toBe(generated.accessKey);
    await writeFile(join(drives[2]!, '.stowage.sys/root.json'), '{ damaged');
    await expect(loadRootCredentials(drives, {})).rejects.toThrow(SyntaxError);
  });

  it('refuses short keys and half-set variables with clear errors', async () => {
    await expect(
      loadRootCredentials(dir, { STOWAGE_ROOT_USER: 'ab', STOWAGE_ROOT_PASSWORD: 'long-enough' }),
    ).rejects.toThrow(/at least 3 characters/);
    await expect(
      loadRootCredentials(dir, { MINIO_ROOT_USER: 'abc', MINIO_ROOT_PASSWORD: 'short' }),
    ).rejects.toThrow(/at least 8 characters/);
    await expect(loadRootCredentials(dir, { STOWAGE_ROOT_USER: 'abc' })).rejects.toThrow(/Set both/);
  });

  it('refuses a root.json from a newer version', async () => {
    await loadRootCredentials(dir, {});
    await writeFile(
      join(dir, '.stowage.sys/root.json'),
      JSON.stringify({ v: 9, accessKey: 'a', secretKey: 'b' }),
    );
    await expect(loadRootCredentials(dir, {})).rejects.toThrow(/root\.json has version 9/);
  });
});
