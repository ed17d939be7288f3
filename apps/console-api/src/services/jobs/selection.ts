// What a bulk job acts on: every object under a prefix, or a list of keys and folders (keys
// ending in '/') picked in the listing under that prefix. The selection is walked a page at a
// time in key order, from a cursor, so a job never lists its whole selection into memory and a
// restarted console goes on from the last page it finished. Only keys the selection names are
// ever yielded: a listing's answer is checked again here, whatever the server sent.

import { mapLimit } from './map-limit.js';

/** Picked keys looked up at once. */
const HEAD_CONCURRENCY = 16;

export interface Selection {
  /** The folder the job was started in ('' for the whole bucket); every item is under it. */
  prefix: string;
  /** Keys and folders under `prefix`; absent means everything under `prefix`. */
  keys?: readonly string[] | undefined;
}

/** Items before `item` are finished; in item `item` (a folder), every key up to `after` is. */
export interface Cursor {
  item: number;
  after: string;
}

export interface SelectedObject {
  key: string;
  size: number;
  etag: string;
  /** The key was picked by name but no longer exists. */
  missing?: true;
}

export interface ListedPage {
  objects: SelectedObject[];
  /** The server's token when it has more (a page can end early and even be empty). */
  next?: string | undefined;
}

/** How the selection reads the bucket: ListObjectsV2 (recursive) and HeadObject. */
export interface SelectionSource {
  list(prefix: string, startAfter: string, limit: number, token?: string): Promise<ListedPage>;
  head(key: string): Promise<SelectedObject | undefined>;
}

export type SelectionItem = { folder: string } | { key: string };

export class SelectionError extends Error {
  override name = 'SelectionError';
}

/** A selection's items in key order, each key in at most one (folders inside others dropped). */
export function selectionItems(selection: Selection): SelectionItem[] {
  if (selection.keys === undefined) return [{ folder: selection.prefix }];
  for (const key of selection.keys) {
    if (key === '' || !key.startsWith(selection.prefix))
      throw new SelectionError(`${key || "''"} is not under ${selection.prefix || 'the bucket'}`);
  }
  const sorted = [...new Set(selection.keys)].sort(compareKeys);
  const items: SelectionItem[] = [];
  let folder: string | undefined;
  for (const key of sorted) {
    if (folder !== undefined && key.startsWith(folder)) continue;
    if (key.endsWith('/')) {
      folder = key;
      items.push({ folder: key });
    } else items.push({ key });
  }
  return items;
}

/** Whether the selection names `key` (the rule every yielded key is held to). */
export function inSelection(selection: Selection, key: string): boolean {
  if (!key.startsWith(selection.prefix) || key === '') return false;
  if (selection.keys === undefined) return true;
  return selection.keys.some((k) => (k.endsWith('/') ? key.startsWith(k) : key === k));
}

/** S3 orders keys by their UTF-8 bytes; so must every comparison made against its listings. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export const START: Cursor = { item: 0, after: '' };

/**
 * The selection's objects, a page at a time from `from`, each page with the cursor that marks
 * it finished. A folder's page comes from one listing call (or a few, where the server ended
 * a page early); picked keys come `limit` at a time, each looked up.
 */
export async function* selectionPages(
  selection: Selection,
  source: SelectionSource,
  from: Cursor = START,
  limit = 1000,
): AsyncGenerator<{ objects: SelectedObject[]; cursor: Cursor }> {
  const items = selectionItems(selection);
  let index = from.item;
  let after = from.after;
  while (index < items.length) {
    const item = items[index]!;
    if ('folder' in item) {
      let token: string | undefined;
      for (;;) {
        const page = await source.list(item.folder, after, limit, token);
        const objects = page.objects.filter(
          (o) =>
            o.key.startsWith(item.folder) && compareKeys(o.key, after) > 0 && inSelection(selection, o.key),
        );
        if (objects.length > 0) {
          after = objects[objects.length - 1]!.key;
          yield { objects, cursor: { item: index, after } };
        }
        if (!page.next) break;
        // A page that ended early with nothing new goes on from the server's token.
        token = objects.length === 0 ? page.next : undefined;
      }
      index += 1;
      after = '';
      continue;
    }
    const keys: string[] = [];
    while (index < items.length && keys.length < limit) {
      const next = items[index]!;
      if (!('key' in next)) break;
      keys.push(next.key);
      index += 1;
    }
    const objects = await mapLimit(
      keys,
      HEAD_CONCURRENCY,
      async (key) => (await source.head(key)) ?? { key, size: 0, etag: '', missing: true as const },
    );
    yield { objects, cursor: { item: index, after: '' } };
    after = '';
  }
}
