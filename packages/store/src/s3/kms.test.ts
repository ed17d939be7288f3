import { describe, expect, it } from 'vitest';
import type { SystemStore } from '../engine/system-store.js';
import { loadMasterKey } from './kms.js';

/** The system namespace as a map (the store's own is tested with the engine). */
function memorySystem(): SystemStore & { docs: Map<string, unknown> } {
  const docs = new Map<string, unknown>();
  return {
    docs,
    read: async (path) => docs.get(path),
    write: async (path, value) => {
      docs.set(path, JSON.parse(JSON.stringify(value)));
    },
    remove: async (path) => {
      docs.delete(path);
    },
    list: async () => [],
  };
}

describe('loadMasterKey', () => {
  it('creates the key once, in the system namespace, and reloads the same key', async () => {
    const system = memorySystem();
    const first = await loadMasterKey(system);
    expect(system.docs.get('kms/master-key.json')).toMatchObject({ v: 1, id: first.id });
    const again = await loadMasterKey(system);
    const salt = Buffer.alloc(32, 5);
    expect(again.id).toBe(first.id);
    expect(again.deriveKey(salt, 'x').equals(first.deriveKey(salt, 'x'))).toBe(true);
  });

  it('refuses a damaged stored key instead of replacing it', async () => {
    const system = memorySystem();
    await system.write('kms/master-key.json', { v: 1, id: 'x', key: 'AAAA' });
    await expect(loadMasterKey(system)).rejects.toThrow(/must be 32 bytes/);
    expect(system.docs.get('kms/master-key.json')).toEqual({ v: 1, id: 'x', key: 'AAAA' });
  });
});
