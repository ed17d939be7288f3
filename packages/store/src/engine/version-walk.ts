import type { ObjectInfo, ObjectLayer } from './object-layer.js';

/** Every version of a bucket (delete markers too), a listing page at a time. */
export async function* bucketVersionPages(
  layer: Pick<ObjectLayer, 'listObjectVersions'>,
  bucket: string,
  page = 1000,
): AsyncGenerator<ObjectInfo[]> {
  let keyMarker = '';
  let versionIdMarker = '';
  for (;;) {
    const listed = await layer.listObjectVersions({
      bucket,
      prefix: '',
      delimiter: '',
      keyMarker,
      versionIdMarker,
      maxKeys: page,
    });
    yield listed.versions;
    if (!listed.isTruncated) return;
    keyMarker = listed.nextKeyMarker ?? '';
    versionIdMarker = listed.nextVersionIdMarker ?? '';
  }
}
