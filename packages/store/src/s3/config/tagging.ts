import type { Tag } from '../../format/object-tags.js';
import { ApiError } from '../../wire/errors.js';
import { xmlReply } from '../../wire/reply.js';
import { textOf } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { KIB, type KindSpec, listOf, need, objectOf, storedAs, xmlRoot } from './kind.js';

export type { Tag };

const invalid = (message: string) => new ApiError('InvalidTag', message);

/** S3's tag rules; `max` is 50 for buckets, 10 for objects. */
/** The characters S3 allows in tag keys and values: letters, numbers, spaces and _ . : / = + - @. */
const TAG_TEXT = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;

export function checkTags(tags: Tag[], max: number): Tag[] {
  if (tags.length > max)
    throw invalid(
      max === 10 ? 'Object tags cannot be greater than 10' : `Bucket tag count cannot be greater than ${max}`,
    );
  const seen = new Set<string>();
  for (const { key, value } of tags) {
    if (key.length === 0 || [...key].length > 128 || !TAG_TEXT.test(key))
      throw invalid('The TagKey you have provided is invalid');
    if ([...value].length > 256 || !TAG_TEXT.test(value))
      throw invalid('The TagValue you have provided is invalid');
    if (key.startsWith('aws:')) throw invalid('System tags cannot be added/updated by requester');
    if (seen.has(key)) throw invalid('Cannot provide multiple Tags with the same key');
    seen.add(key);
  }
  return tags;
}

export function parseTagging(body: Buffer, max: number): Tag[] {
  const doc = xmlRoot(body, 'Tagging');
  const set = objectOf(doc.TagSet);
  const tags = listOf(set.Tag).map((t) => {
    const tag = objectOf(t);
    // A Tag without <Value> has the empty value, as MinIO reads it: some SDKs leave an
    // empty string's element out.
    return { key: need(tag, 'Key'), value: textOf(tag, 'Value') ?? '' };
  });
  return checkTags(tags, max);
}

export const taggingXml = (tags: Tag[]) =>
  elAttrs(
    'Tagging',
    { xmlns: S3_NAMESPACE },
    el(
      'TagSet',
      tags.map((t) => el('Tag', el('Key', t.key), el('Value', t.value))),
    ),
  );

/** An object's tags as S3 answers them: ordered by key (s3-tests' put_obj_with_tags). */
export const byKey = (tags: Tag[]): Tag[] =>
  [...tags].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

export const tagging: KindSpec = {
  maxBody: 64 * KIB,
  missing: 'NoSuchTagSet',
  parse: (body) => ({ tags: parseTagging(body, 50) }),
  render: (stored) =>
    xmlReply(taggingXml(storedAs<{ tags: Tag[] }>(stored, (v) => Array.isArray(v.tags)).tags)),
};
