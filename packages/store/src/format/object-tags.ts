// An object's tags as they are kept with its version: a URL query string (`k1=v1&k2=v2`),
// the form the x-amz-tagging header and the POST form field carry them in.

export interface Tag {
  key: string;
  value: string;
}

/** The stored form of a tag set. */
export function encodeTagQuery(tags: Tag[]): string {
  return tags.map((t) => `${encodeURIComponent(t.key)}=${encodeURIComponent(t.value)}`).join('&');
}

/** Tags as stored (already checked on the way in). */
export function storedTags(raw: string): Tag[] {
  if (raw === '') return [];
  return raw.split('&').map((pair) => {
    const at = pair.indexOf('=');
    return { key: decodeURIComponent(pair.slice(0, at)), value: decodeURIComponent(pair.slice(at + 1)) };
  });
}
