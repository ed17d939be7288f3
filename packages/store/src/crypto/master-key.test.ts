import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateMasterKey, MasterKey } from './master-key.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-master-key-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const salt = Buffer.alloc(32, 1);

async function writeRecord(path: string, record: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(record), { mode: 0o600 });
}

describe('loadOrCreateMasterKey', () => {
  it('creates a versioned 0600 file, leaving no temp files behind', async () => {
    const path = join(dir, 'sys', 'sse-master-key.json');
    const key = await loadOrCreateMasterKey(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const record = JSON.parse(await readFile(path, 'utf8')) as { v: number; id: string; key: string };
    expect(record.v).toBe(1);
    expect(record.id).toBe(key.id);
    expect(Buffer.from(record.key, 'base64').length).toBe(32);
    expect(await readdir(join(dir, 'sys'))).toEqual(['sse-master-key.json']);
  });

  it('reloads the same key', async () => {
    const path = join(dir, 'key.json');
    const first = await loadOrCreateMasterKey(path);
    const again = await loadOrCreateMasterKey(path);
    expect(again.id).toBe(first.id);
    expect(again.deriveKey(salt, 'x').equals(first.deriveKey(salt, 'x'))).toBe(true);
    const record = JSON.parse(await readFile(path, 'utf8')) as { key: string };
    const fromBytes = new MasterKey(first.id, Buffer.from(record.key, 'base64'));
    expect(fromBytes.deriveKey(salt, 'x').equals(first.deriveKey(salt, 'x'))).toBe(true);
  });

  it('gives concurrent creators one and the same key', async () => {
    const path = join(dir, 'key.json');
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateMasterKey(path)));
    expect(new Set(keys.map((k) => k.id)).size).toBe(1);
    expect((await readdir(dir)).filter((name) => name !== 'key.json')).toEqual([]);
  });

  it('refuses a file from a newer version', async () => {
    const path = join(dir, 'key.json');
    await writeRecord(path, { v: 2, id: 'x', key: randomBytes(32).toString('base64') });
    await expect(loadOrCreateMasterKey(path)).rejects.toThrow(/version 2, newer than .* understands \(1\)/);
  });

  it('refuses a key of the wrong length without quoting it', async () => {
    const path = join(dir, 'key.json');
    const short = randomBytes(16).toString('base64');
    await writeRecord(path, { v: 1, id: 'x', key: short });
    const error = await loadOrCreateMasterKey(path).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/must be 32 bytes, found 16/);
    expect((error as Error).message).not.toContain(short);
  });

  it('refuses malformed files with clear errors that do not echo the content', async () => {
    const path = join(dir, 'key.json');
    const secret = randomBytes(32).toString('base64');
    const cases: [string, RegExp][] = [
      [`{"v":1,"id":"x","key":"${secret}"`, /not valid JSON/],
      [JSON.stringify({ id: 'x', key: secret }), /invalid "v"/],
      [JSON.stringify({ v: 1, key: secret }), /"id"/],
      [JSON.stringify({ v: 1, id: 'x', key: `${secret}!` }), /"key" must be a base64 string/],
      [JSON.stringify([secret]), /JSON object/],
    ];
    for (const [content, message] of cases) {
      await writeFile(path, content);
      const error = await loadOrCreateMasterKey(path).catch((err: unknown) => err);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(secret);
    }
  });
});

describe('MasterKey', () => {
  it('never serialises or prints its bytes', () => {
    const bytes = randomBytes(32);
    const key = new MasterKey('mk-1', bytes);
    const json = JSON.stringify(key);
    expect(JSON.parse(json)).toEqual({ id: 'mk-1' });
    const printed = [
      json,
      inspect(key, { showHidden: true, depth: 5 }),
      String(key),
      JSON.stringify({ key }),
    ];
    for (const text of printed) {
      expect(text).not.toContain(bytes.toString('base64'));
      expect(text).not.toContain(bytes.toString('hex'));
    }
    expect(Object.keys(key)).toEqual(['id']);
  });

  it('keeps its own copy of the bytes', () => {
    const bytes = randomBytes(32);
    const key = new MasterKey('mk-1', bytes);
    const before = key.deriveKey(salt, 'x');
    bytes.fill(0);
    expect(key.deriveKey(salt, 'x').equals(before)).toBe(true);
  });

  it('derives distinct keys per salt and info', () => {
    const key = MasterKey.generate();
    const a = key.deriveKey(salt, 'a');
    expect(a.length).toBe(32);
    expect(a.equals(key.deriveKey(salt, 'b'))).toBe(false);
    expect(a.equals(key.deriveKey(Buffer.alloc(32, 2), 'a'))).toBe(false);
  });

  it('refuses keys that are not 32 bytes and empty ids', () => {
    expect(() => new MasterKey('x', randomBytes(31))).toThrow(RangeError);
    expect(() => new MasterKey('', randomBytes(32))).toThrow(RangeError);
  });
});
