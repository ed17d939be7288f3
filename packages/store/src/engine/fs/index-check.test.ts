import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { damageTreePages } from '../../../test/faults/support.js';
import { DamagedIndexError, DriveIndex, INDEX_DIR, UNKNOWN_INDEX_LAYOUT } from './drive-index.js';
import { DATA_VERSION, indexFileDamage } from './index-check.js';
import { formatPath, sysPath } from './layout.js';

// The check of the meta pages and trees against real lmdb-js files: a file lmdb-js wrote passes (were a new
// lmdb-js to change its layout, this fails before any healthy index is set aside), damage
// does not.

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-index-check-'));
  file = join(sysPath(dir, INDEX_DIR), 'data.mdb');
  const ix = await DriveIndex.open(dir);
  await ix.transaction(() => {
    for (let i = 0; i < 2000; i++) ix.objects.put(Buffer.from(`bkt\0key-${i}`), Buffer.alloc(300, i));
  });
  await ix.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function overwrite(at: number, data: Buffer): Promise<void> {
  const fh = await open(file, 'r+');
  await fh.write(data, 0, data.length, at);
  await fh.close();
}

describe('the index file check', () => {
  it('passes a file lmdb-js wrote, and an absent one', async () => {
    expect(indexFileDamage(file)).toBeUndefined();
    expect(indexFileDamage(join(dir, 'none.mdb'))).toBeUndefined();
  });

  it('finds a file cut short, meta pages zeroed or overwritten, a root outside the file', async () => {
    await truncate(file, 3 * 4096);
    expect(indexFileDamage(file)).toMatch(/file ends at page 3/);
  });

  it.each([
    ['zeroed', Buffer.alloc(8192)],
    ['random', Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251))],
  ])('finds meta pages %s', async (_, bytes) => {
    await overwrite(0, bytes);
    expect(indexFileDamage(file)).toBe('neither meta page is an LMDB meta page');
  });

  it('finds a meta naming a root page beyond the last page', async () => {
    // Both metas' main database root (after the 24-byte page header, magic, version, address,
    // size, the free database and the main database's first 40 bytes) set past the end.
    const far = Buffer.alloc(8);
    far.writeBigUInt64LE(1_000_000n);
    for (const page of [0, 4096]) await overwrite(page + 24 + 24 + 48 + 40, far);
    expect(indexFileDamage(file)).toMatch(/root \(page 1000000\)/);
  });

  it('passes an index worn by many transactions: values on overflow pages, deletions, every table', async () => {
    const ix = await DriveIndex.open(dir);
    for (let round = 0; round < 5; round++)
      await ix.transaction(() => {
        for (let i = 0; i < 400; i++) {
          const key = Buffer.from(`bkt\0big-${round}-${i}`);
          ix.objects.put(key, Buffer.alloc(3000 + i * 17, round));
          ix.uploads.put(key, Buffer.alloc(200, i));
          ix.parts.put(
            Buffer.concat([key, Buffer.from(`\0${String(i).padStart(5, '0')}`)]),
            Buffer.alloc(9000, i),
          );
          if (round > 0) ix.objects.remove(Buffer.from(`bkt\0big-${round - 1}-${i}`));
          if (i % 3 === 0) ix.objects.remove(Buffer.from(`bkt\0key-${round * 400 + i}`));
        }
      });
    await ix.writeRecord('bkt', 'counted', undefined, undefined);
    await ix.close();
    expect(indexFileDamage(file)).toBeUndefined();
  });

  it.each([
    ['page number', /page \d+ names itself \d+/],
    ['free space bounds', /has free space bounds/],
    ['node outside its page', /node 0 of page \d+ lies outside its page/],
    // Well formed, one entry fewer: LMDB would list the rest and say nothing.
    ['last node cut off', /records \d+ (entries|leaf pages|branch pages), its pages hold \d+/],
  ] as const)('finds tree pages damaged in their %s', async (damage, message) => {
    expect(await damageTreePages(file, damage)).toBeGreaterThan(2);
    expect(indexFileDamage(file)).toMatch(message);
  });

  it('a damaged index is refused, or set aside for a new one', async () => {
    await truncate(file, 8192);
    await expect(DriveIndex.open(dir)).rejects.toBeInstanceOf(DamagedIndexError);
    const fresh = await DriveIndex.open(dir, { setAsideDamaged: true });
    expect(fresh.created).toBe(true);
    await fresh.close();
  });
});

/** The lmdb package installed, found from its entry point (its package.json is not exported). */
function installedLmdbVersion(): string {
  let at = dirname(createRequire(import.meta.url).resolve('lmdb'));
  while (!existsSync(join(at, 'package.json'))) at = dirname(at);
  return JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')).version;
}

/** Writes `version` as the data version of both meta pages (after the 24-byte header and the magic). */
async function setDataVersion(version: number): Promise<void> {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(version);
  for (const page of [0, 4096]) await overwrite(page + 24 + 4, bytes);
}

describe('the upgrade gate: the walker and the installed lmdb', () => {
  it('lmdb is pinned to one exact version, the installed one, whose files the walker reads', async () => {
    const pinned = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
      .dependencies.lmdb;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installedLmdbVersion()).toBe(pinned);
    const meta = Buffer.alloc(8);
    const fh = await open(file, 'r');
    await fh.read(meta, 0, 8, 24);
    await fh.close();
    expect(meta.readUInt32LE(0)).toBe(0xbeefc0de);
    expect(meta.readUInt32LE(4)).toBe(DATA_VERSION);
    expect(indexFileDamage(file)).toBeUndefined();
  });

  it('skips a file of another LMDB data version instead of calling it damaged', async () => {
    await setDataVersion(DATA_VERSION + 1);
    expect(indexFileDamage(file)).toEqual({ skipped: expect.stringMatching(/data version 3/) });
  });

  it('skips a file whose meta pages have a 16-byte page header (upstream LMDB 0.9)', async () => {
    const page = Buffer.alloc(4096);
    page.writeUInt32LE(0xbeefc0de, 16);
    page.writeUInt32LE(1, 20);
    await overwrite(0, page);
    await overwrite(4096, page);
    expect(indexFileDamage(file)).toEqual({ skipped: expect.stringMatching(/16-byte page header/) });
  });

  it('an open index whose layout turns unknown stays online, with one loud warning', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const ix = await DriveIndex.open(dir);
    await writeFile(formatPath(dir), '{}'); // the drive's identity, which online() looks for
    expect(ix.online()).toBe(true);
    await setDataVersion(DATA_VERSION + 1);
    expect(await ix.verify()).toBeUndefined();
    expect(await ix.verify()).toBeUndefined();
    expect(ix.online()).toBe(true);
    expect(ix.objects.get(Buffer.from('bkt\0key-7'))).toEqual(Buffer.alloc(300, 7));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not checked for damage: .*data version 3/), {
      code: UNKNOWN_INDEX_LAYOUT,
    });
    await setDataVersion(DATA_VERSION);
    await ix.close();
  });
});
