import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeObjectMeta, OBJECT_META_VERSION } from './object-meta.js';

const fixture = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8'));

describe('object metadata record', () => {
  it('migrates the version-1 fixture (one raw file on the first drive) to a 1+0 layout', async () => {
    const record = decodeObjectMeta(await fixture('object-meta-v1.json'));
    expect(record).toMatchObject({
      v: OBJECT_META_VERSION,
      key: 'photos/cat.jpg',
      size: 5,
      userMeta: { owner: 'ann' },
      dataId: '0f8e6b1e-6c2f-4d55-9a61-0d3f3c5e2b11',
      erasure: { data: 1, parity: 0, index: 0, bitrot: 'none' },
    });
    expect(record.inline).toBeUndefined();
  });

  it('round-trips the current version and refuses newer or inconsistent ones', () => {
    const current = {
      v: 2,
      key: 'k',
      size: 1,
      etag: 'e',
      contentType: 'text/plain',
      userMeta: {},
      headers: {},
      modTime: new Date(0).toISOString(),
      dataId: 'd',
      erasure: { data: 2, parity: 2, index: 3, blockSize: 1048576, bitrot: 'sha256' },
      inline: 'AAEC',
    };
    expect(decodeObjectMeta(JSON.parse(JSON.stringify(current)))).toEqual(current);
    expect(() => decodeObjectMeta({ ...current, v: 3 })).toThrow(/newer than this version/);
    expect(() => decodeObjectMeta({ ...current, erasure: { ...current.erasure, index: 4 } })).toThrow(
      /inconsistent/,
    );
    expect(() => decodeObjectMeta({ ...current, erasure: { ...current.erasure, bitrot: 'md5' } })).toThrow(
      /bitrot/,
    );
  });
});
