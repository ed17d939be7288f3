import type { SystemStore } from '../system-store.js';

/**
 * The system namespace as a map, for tests of what keeps its documents there (IAM, KMS); the
 * store's own is tested with the engine. Documents are copied through JSON, as the drives do.
 */
export function memorySystemStore(): SystemStore & { docs: Map<string, unknown> } {
  const docs = new Map<string, unknown>();
  let writes = 0;
  return {
    docs,
    get generation() {
      return writes;
    },
    read: async (path) => docs.get(path),
    readAnyCopy: async (path) => docs.get(path),
    write: async (path, value) => {
      writes++;
      docs.set(path, JSON.parse(JSON.stringify(value)));
    },
    remove: async (path) => {
      writes++;
      docs.delete(path);
    },
    list: async (folder) =>
      [...docs.keys()]
        .filter((k) => k.startsWith(`${folder}/`) && !k.slice(folder.length + 1).includes('/'))
        .map((k) => k.slice(folder.length + 1)),
    removeFolder: async () => {},
  };
}
