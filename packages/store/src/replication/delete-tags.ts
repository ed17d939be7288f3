import type { ObjectLayer } from '../engine/object-layer.js';

// A rule with a tag filter replicates a delete only of an object whose tags match, judged
// by the tags the object had when it was deleted (MinIO's checkReplicateDelete is given the
// object's info from before the delete). A delete marker hides a version that keeps its
// tags; a deleted version's tags are gone with it, so they are noted just before.

/** Tags of versions about to be deleted, until their delete event is handled. */
export class DeletedTags {
  private readonly noted = new Map<string, string>();

  /** `cap`: at most this many kept (a delete whose event never comes must not grow it). */
  constructor(private readonly cap = 10_000) {}

  remember(bucket: string, key: string, versionId: string, tags: string): void {
    if (this.noted.size >= this.cap) {
      const oldest = this.noted.keys().next().value;
      if (oldest !== undefined) this.noted.delete(oldest);
    }
    this.noted.set(`${bucket}\n${key}\n${versionId}`, tags);
  }

  /** The tags noted for that version (forgotten now); undefined when none were. */
  take(bucket: string, key: string, versionId: string): string | undefined {
    const id = `${bucket}\n${key}\n${versionId}`;
    const tags = this.noted.get(id);
    this.noted.delete(id);
    return tags;
  }
}

/** The tags of what a delete marker hid: the version of the key just older than it. */
export async function tagsBehindMarker(
  layer: ObjectLayer,
  bucket: string,
  key: string,
  markerId: string,
): Promise<string> {
  // The key sorts first under its own name as prefix; its versions come newest first.
  const page = await layer.listObjectVersions({
    bucket,
    prefix: key,
    delimiter: '',
    keyMarker: '',
    versionIdMarker: '',
    maxKeys: 100,
  });
  const mine = page.versions.filter((v) => v.key === key);
  const at = mine.findIndex((v) => v.versionId === markerId);
  const hidden = at < 0 ? undefined : mine[at + 1];
  return hidden && !hidden.deleteMarker ? hidden.tags : '';
}
