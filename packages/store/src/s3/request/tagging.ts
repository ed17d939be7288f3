import type { Tag } from '../../format/object-tags.js';
import { ApiError } from '../../wire/errors.js';
import { checkTags } from '../config/tagging.js';

// The stored form is the object record's (format/object-tags.ts).
export { encodeTagQuery, storedTags } from '../../format/object-tags.js';

// Object tags travel as a URL query string (the x-amz-tagging header, POST form field) and
// are kept in that form with the version; S3 allows 10 per object.

export const MAX_OBJECT_TAGS = 10;

/** Parses and checks `k1=v1&k2=v2` (URL-encoded); '' is no tags. */
export function parseTagQuery(raw: string): Tag[] {
  if (raw === '') return [];
  const tags: Tag[] = [];
  for (const pair of raw.split('&')) {
    if (pair === '') continue; // a=1& or a=1&&b=2: nothing there (Go's url.ParseQuery, MinIO)
    const at = pair.indexOf('=');
    const [k, v] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      tags.push({
        key: decodeURIComponent(k.replaceAll('+', ' ')),
        value: decodeURIComponent(v.replaceAll('+', ' ')),
      });
    } catch {
      throw new ApiError(
        'InvalidArgument',
        'The header x-amz-tagging shall be encoded as UTF-8 then URLEncoded URL query parameters without tag name duplicates.',
      );
    }
  }
  return checkTags(tags, MAX_OBJECT_TAGS);
}
