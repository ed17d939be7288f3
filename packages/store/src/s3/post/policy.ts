import { ApiError } from '../../wire/errors.js';

// The POST policy document (base64 JSON): an expiration and the conditions every form must
// meet. Parsing and checking are pure; the handler supplies the form and the clock.

export type PolicyCondition =
  | { op: 'eq' | 'starts-with'; field: string; value: string }
  | { op: 'content-length-range'; min: number; max: number };

export interface PostPolicy {
  expiration: Date;
  conditions: PolicyCondition[];
}

const invalid = (why: string) => new ApiError('InvalidPolicyDocument', `Invalid Policy: ${why}`);
const denied = (why: string) => new ApiError('AccessDenied', `Invalid according to Policy: ${why}`);

/** A content-length-range bound: a JSON integer or its decimal digits (never "0x10", "1e3", " 5"). */
const lengthBound = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : Number.NaN;

function condition(c: unknown): PolicyCondition {
  if (c !== null && typeof c === 'object' && !Array.isArray(c)) {
    // {"field": "value"} is an exact match.
    const entries = Object.entries(c);
    if (entries.length !== 1 || typeof entries[0]![1] !== 'string') throw invalid('bad condition object');
    return { op: 'eq', field: entries[0]![0].toLowerCase(), value: entries[0]![1] };
  }
  if (!Array.isArray(c) || c.length !== 3 || typeof c[0] !== 'string') throw invalid('bad condition');
  const op = c[0].toLowerCase();
  if (op === 'content-length-range') {
    const [min, max] = [lengthBound(c[1]), lengthBound(c[2])];
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min)
      throw invalid('bad content-length-range');
    return { op, min, max };
  }
  if ((op !== 'eq' && op !== 'starts-with') || typeof c[1] !== 'string' || typeof c[2] !== 'string')
    throw invalid(`unknown condition ${JSON.stringify(c[0])}`);
  if (!c[1].startsWith('$')) throw invalid('condition field names start with $');
  return { op, field: c[1].slice(1).toLowerCase(), value: c[2] };
}

/** The expiration as AWS writes it ("2030-01-01T12:00:00.000Z"), never another date format. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export function parsePostPolicy(base64: string): PostPolicy {
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    throw invalid('not base64-encoded JSON');
  }
  if (doc === null || typeof doc !== 'object') throw invalid('not a JSON object');
  const { expiration, conditions } = doc as { expiration?: unknown; conditions?: unknown };
  const expires =
    typeof expiration === 'string' && ISO_8601.test(expiration) ? new Date(expiration) : undefined;
  if (!expires || Number.isNaN(expires.getTime())) throw invalid('expiration is missing or not a date');
  if (!Array.isArray(conditions)) throw invalid('conditions must be an array');
  return { expiration: expires, conditions: conditions.map(condition) };
}

/**
 * Fields the policy never has to mention: AWS's x-amz-signature, file, policy and x-ignore-*,
 * V2's AWSAccessKeyId and signature, and, as MinIO lets them, the SSE-C key fields (a
 * customer key has no place in a policy a browser is handed) and the KMS key fields.
 */
const EXEMPT =
  /^(x-amz-signature|file|policy|x-ignore-.*|awsaccesskeyid|signature|x-amz-server-side-encryption-customer-(algorithm|key|key-md5)|x-amz-server-side-encryption-(aws-kms-key-id|context))$/;

/**
 * Fields a condition may only match exactly: starts-with on them fails. Not `tagging`:
 * AWS takes `["starts-with", "$tagging", ""]` (s3-tests' post_object_tags_authenticated_request).
 */
const EXACT_ONLY = new Set(['bucket', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date']);

/** The size the file must have, from the policy's content-length-range. */
export interface LengthRange {
  min: number;
  max: number;
}

/**
 * Throws unless the form (lower-cased field names) meets the policy at `now`; returns the
 * range the file's size must fall in (checked as it streams: it is known only at its end).
 * `fixed` values are what the request itself decides (the bucket, from the URL): conditions
 * on those fields are checked against them, whatever the form says. Otherwise a policy
 * signed for one bucket would upload into another by naming it in the form's bucket field
 * (CVE-2023-28434 in MinIO). A field the form repeats cannot meet a condition, as MinIO has
 * it: which of its values would the condition have judged?
 */
export function checkPostPolicy(
  policy: PostPolicy,
  fields: Map<string, string>,
  now: Date,
  fixed: Record<string, string> = {},
  repeated: ReadonlySet<string> = new Set(),
): LengthRange | undefined {
  if (now.getTime() > policy.expiration.getTime()) throw denied('Policy expired.');
  const covered = new Set<string>();
  let range: LengthRange | undefined;
  for (const c of policy.conditions) {
    if (c.op === 'content-length-range') {
      range = { min: Math.max(range?.min ?? 0, c.min), max: Math.min(range?.max ?? c.max, c.max) };
      continue;
    }
    covered.add(c.field);
    // What names the signer and the bucket is matched whole, as MinIO has it.
    if ((c.op === 'starts-with' && EXACT_ONLY.has(c.field)) || repeated.has(c.field))
      throw denied(`Policy Condition failed: ["${c.op}", "$${c.field}", "${c.value}"]`);
    const value = fixed[c.field] ?? fields.get(c.field) ?? '';
    const ok = c.op === 'eq' ? value === c.value : value.startsWith(c.value);
    if (!ok) throw denied(`Policy Condition failed: ["${c.op}", "$${c.field}", "${c.value}"]`);
  }
  // The bucket counts as a field the form sends (MinIO sets it from the URL): a policy that
  // does not name it is good for no bucket, as AWS and MinIO refuse it.
  const sent = new Set([...fields.keys(), ...Object.keys(fixed)]);
  const extra = [...sent].filter((f) => !EXEMPT.test(f) && !covered.has(f));
  if (extra.length > 0) throw denied(`Extra input fields: ${extra.join(', ')}`);
  return range;
}
