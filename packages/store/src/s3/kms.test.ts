import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type EngineFixture, engineFixture } from '../engine/test-support/engine.js';
import { memorySystemStore } from '../engine/test-support/memory-system-store.js';
import { messageLogger } from '../observe/logger.js';
import { kmsKeyFrom, loadMasterKey } from './kms.js';

describe('loadMasterKey', () => {
  it('creates the key once, in the system namespace, and reloads the same key', async () => {
    const system = memorySystemStore();
    const first = await loadMasterKey(system);
    expect(system.docs.get('kms/master-key.json')).toMatchObject({ v: 1, id: first.id });
    const again = await loadMasterKey(system);
    const salt = Buffer.alloc(32, 5);
    expect(again.id).toBe(first.id);
    expect(again.deriveKey(salt, 'x').equals(first.deriveKey(salt, 'x'))).toBe(true);
  });

  it('refuses a damaged stored key instead of replacing it', async () => {
    const system = memorySystemStore();
    await system.write('kms/master-key.json', { v: 1, id: 'x', key: 'AAAA' });
    await expect(loadMasterKey(system)).rejects.toThrow(/must be 32 bytes/);
    expect(system.docs.get('kms/master-key.json')).toEqual({ v: 1, id: 'x', key: 'AAAA' });
  });
});

describe('the master key on the drives', () => {
  let f: EngineFixture | undefined;
  afterEach(() => f?.close());
  const file = (drive: string) => join(drive, '.stowage.sys/config/kms/master-key.json');

  it('one drive keeping its copy is enough: the key is kept and written back to the others', async () => {
    f = await engineFixture();
    let layer = await f.open();
    const first = await loadMasterKey(layer.system);
    await layer.shutdown();
    for (const d of f.drives.slice(1)) await rm(file(d));
    layer = await f.open();
    const logs: string[] = [];
    const again = await loadMasterKey(layer.system, {
      hasData: true,
      log: messageLogger((l) => logs.push(l)),
    });
    expect(again.id).toBe(first.id);
    for (const d of f.drives) expect(JSON.parse(await readFile(file(d), 'utf8')).id).toBe(first.id);
    expect(logs).toEqual([]);
  });

  it('a key on no drive is made anew, and said loudly when data may need the old one', async () => {
    f = await engineFixture();
    let layer = await f.open();
    const first = await loadMasterKey(layer.system);
    await layer.shutdown();
    for (const d of f.drives) await rm(file(d));
    layer = await f.open();
    const logs: string[] = [];
    const next = await loadMasterKey(layer.system, {
      hasData: true,
      log: messageLogger((l) => logs.push(l)),
    });
    expect(next.id).not.toBe(first.id);
    expect(logs).toEqual([expect.stringMatching(/master key .* was on no drive; a new one was made/)]);
  });
});

describe('kmsKeyFrom', () => {
  const bytes = Buffer.alloc(32, 7).toString('base64');

  it('reads <key-name>:<base64 of 32 bytes>, and none when unset', () => {
    expect(kmsKeyFrom(`my-key:${bytes}`)?.id).toBe('my-key');
    expect(kmsKeyFrom(undefined)).toBeUndefined();
    expect(kmsKeyFrom('')).toBeUndefined();
  });

  it.each([
    ['no-colon'],
    [`:${bytes}`],
    ['k:not base64!'],
    [`k:${Buffer.alloc(16).toString('base64')}`],
    [`bad name:${bytes}`],
  ])('refuses %s rather than start without the key', (secret) => {
    expect(() => kmsKeyFrom(secret)).toThrow(/<key-name>:<base64 of 32 bytes>/);
  });
});
