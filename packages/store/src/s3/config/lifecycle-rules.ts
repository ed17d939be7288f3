import { ApiError } from '../../wire/errors.js';
import { listOf, textOf, type XmlObject } from '../../wire/xml-parse.js';
import { objectOf } from './kind.js';

// What a lifecycle rule's actions and filter must be, as S3 and MinIO check them. The store
// keeps the document for the lifecycle engine to come: it must find only rules it can apply.

const invalid = (message: string) => new ApiError('InvalidArgument', message);
const positive = (raw: string | undefined): boolean => raw !== undefined && /^[1-9]\d{0,8}$/.test(raw);

function checkExpiration(expiration: XmlObject): void {
  const days = textOf(expiration, 'Days');
  const date = textOf(expiration, 'Date');
  const marker = textOf(expiration, 'ExpiredObjectDeleteMarker');
  if (marker !== undefined && marker !== 'true' && marker !== 'false') throw new ApiError('MalformedXML');
  if (marker !== undefined && (days !== undefined || date !== undefined))
    throw invalid('Delete marker cannot be specified with Days or Date in a Lifecycle Expiration Policy');
  if (marker !== undefined) return;
  if ((days === undefined) === (date === undefined))
    throw invalid(
      'Exactly one of Days (positive integer) or Date (positive ISO 8601 format) should be present inside Expiration.',
    );
  if (days !== undefined && !positive(days))
    throw invalid("'Days' for Expiration action must be a positive integer");
  if (date !== undefined) checkMidnight(date);
}

const zeroOrMore = (raw: string | undefined): boolean => raw !== undefined && /^\d{1,9}$/.test(raw);

/** A transition moves objects on a date or after days (0 moves them at once), never both. */
function checkTransition(transition: XmlObject): void {
  const days = textOf(transition, 'Days');
  const date = textOf(transition, 'Date');
  if ((days === undefined) === (date === undefined))
    throw invalid(
      'Exactly one of Days (0 or positive integer) or Date (ISO 8601 format) should be present inside Transition.',
    );
  if (days !== undefined && !zeroOrMore(days))
    throw invalid("'Days' for Transition action must be zero or a positive integer");
  if (date !== undefined) checkMidnight(date);
}

/** MinIO's Expiration flag that takes every version of an expired object with it. */
const expiresAllVersions = (rule: XmlObject): boolean =>
  rule.Expiration !== undefined && textOf(objectOf(rule.Expiration), 'ExpiredObjectAllVersions') === 'true';

function checkMidnight(raw: string): void {
  const at = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(raw) || Number.isNaN(at.getTime()))
    throw invalid('Date must be provided in ISO 8601 format');
  if (at.getTime() % 86_400_000 !== 0) throw invalid("'Date' must be at midnight GMT");
}

/** Whether a rule's Filter names tags; at most one condition may stand outside <And>. */
function filterHasTags(rule: XmlObject): boolean {
  if (rule.Filter === undefined) return false;
  const filter = objectOf(rule.Filter);
  const parts = ['Prefix', 'Tag', 'And', 'ObjectSizeGreaterThan', 'ObjectSizeLessThan'].filter(
    (k) => filter[k] !== undefined,
  );
  // Two conditions go inside <And>, never side by side.
  if (parts.length > 1)
    throw new ApiError('MalformedXML', 'Filter must have exactly one of Prefix, Tag, or And specified');
  // Sizes are byte counts (Go decodes them as int64: anything else is malformed).
  for (const where of [filter, filter.And === undefined ? {} : objectOf(filter.And)])
    for (const name of ['ObjectSizeGreaterThan', 'ObjectSizeLessThan']) {
      const size = textOf(where, name);
      if (size !== undefined && !/^\d{1,18}$/.test(size.trim())) throw new ApiError('MalformedXML');
    }
  if (filter.And !== undefined) checkAnd(objectOf(filter.And));
  return filter.Tag !== undefined || (filter.And !== undefined && objectOf(filter.And).Tag !== undefined);
}

/** <And> joins two conditions or more, its tags each with a key of its own (as MinIO checks). */
function checkAnd(and: XmlObject): void {
  const tags = listOf(and.Tag).map(objectOf);
  const others = ['Prefix', 'ObjectSizeGreaterThan', 'ObjectSizeLessThan'].filter(
    (k) => and[k] !== undefined,
  );
  if (tags.length + others.length < 2) throw new ApiError('MalformedXML');
  const keys = tags.map((t) => textOf(t, 'Key'));
  if (new Set(keys).size !== keys.length) throw invalid('Duplicate Tag Keys are not allowed');
}

/**
 * Refuses a lifecycle rule whose actions or filter no lifecycle engine could apply; on an
 * object-lock bucket (`locked`), also the actions that would delete what the lock keeps.
 */
export function checkLifecycleRule(rule: XmlObject, locked = false): void {
  if (locked && (rule.DelMarkerExpiration !== undefined || expiresAllVersions(rule)))
    throw invalid(
      'ExpiredObjectAllVersions element and DelMarkerExpiration action cannot be used on an object locked bucket',
    );
  // A rule names what it applies to: a Filter, or the older Prefix (MinIO refuses neither).
  if (rule.Filter === undefined && rule.Prefix === undefined) throw new ApiError('MalformedXML');
  const tagged = filterHasTags(rule);
  if (rule.DelMarkerExpiration !== undefined) {
    // MinIO's action: delete markers expire that many days after they were made.
    if (tagged) throw invalid('DelMarkerExpiration cannot be used with a tag filter');
    if (!positive(textOf(objectOf(rule.DelMarkerExpiration), 'Days')))
      throw invalid("'Days' for DelMarkerExpiration action must be a positive integer");
  }
  if (rule.Expiration !== undefined) checkExpiration(objectOf(rule.Expiration));
  if (rule.NoncurrentVersionExpiration !== undefined) {
    const action = objectOf(rule.NoncurrentVersionExpiration);
    const days = textOf(action, 'NoncurrentDays');
    const newer = textOf(action, 'NewerNoncurrentVersions');
    // A count of versions to keep: a positive integer (Go decodes it as one), on its own too.
    if (newer !== undefined && !positive(newer)) throw new ApiError('MalformedXML');
    if (days === undefined ? newer === undefined : !positive(days))
      throw invalid("'NoncurrentDays' for NoncurrentVersionExpiration action must be a positive integer");
  }
  for (const t of listOf(rule.Transition).map(objectOf)) checkTransition(t);
  for (const t of listOf(rule.NoncurrentVersionTransition).map(objectOf))
    if (!zeroOrMore(textOf(t, 'NoncurrentDays')))
      throw invalid(
        "'NoncurrentDays' for NoncurrentVersionTransition action must be zero or a positive integer",
      );
  if (rule.AbortIncompleteMultipartUpload !== undefined) {
    if (tagged)
      throw new ApiError(
        'InvalidRequest',
        'Tag-based filter cannot be used with AbortIncompleteMultipartUpload',
      );
    const days = textOf(objectOf(rule.AbortIncompleteMultipartUpload), 'DaysAfterInitiation');
    if (!positive(days))
      throw invalid(
        "'DaysAfterInitiation' for AbortIncompleteMultipartUpload action must be a positive integer",
      );
  }
}

// A Rule's start tag (any namespace prefix), or a comment or CDATA section, which may hold
// text that looks like one and is skipped.
const RULE_OR_OPAQUE = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<((?:[A-Za-z_][\w.-]*:)?Rule)(?:\s[^>]*)?>/g;
const EMPTY_ID = /<((?:[A-Za-z_][\w.-]*:)?ID)(?:\s[^>]*)?(?:\/>|>\s*<\/\1>)/;

/**
 * The document with an ID given to every rule saved without one, or with an empty one, as
 * MinIO gives it (a UUID): rules are named by their ID in logs and in the lifecycle engine.
 * The rest of the document stays as the client sent it. `rules` are the parsed rules, in
 * document order.
 */
export function withRuleIds(text: string, rules: readonly XmlObject[], newId: () => string): string {
  const unnamed = rules.map((r) => !textOf(r, 'ID'));
  if (!unnamed.includes(true)) return text;
  const starts = [...text.matchAll(RULE_OR_OPAQUE)].filter((m) => m[1] !== undefined);
  // Rules are the root's only elements of that name; any other count is not a document to edit.
  if (starts.length !== rules.length) throw new ApiError('MalformedXML');
  let out = '';
  let from = 0;
  starts.forEach((m, i) => {
    if (!unnamed[i]) return;
    const open = m.index! + m[0].length;
    const close = text.indexOf(`</${m[1]}>`, open);
    const body = text.slice(open, close);
    const id = `<ID>${newId()}</ID>`;
    const empty = EMPTY_ID.exec(body);
    out += text.slice(from, open);
    out += empty ? body.slice(0, empty.index) + id + body.slice(empty.index + empty[0].length) : id + body;
    from = close;
  });
  return out + text.slice(from);
}
