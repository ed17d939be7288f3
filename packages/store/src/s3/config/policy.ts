import { type Reply, xmlReply } from '../../http/reply.js';
import { ApiError } from '../errors.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { KIB, type KindSpec, storedAs } from './kind.js';

// Bucket policies are kept as the JSON text the client sent (GET returns it unchanged);
// evaluation belongs to the IAM policy engine.

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
type Statement = { [k: string]: Json };

const malformed = (message: string) => new ApiError('MalformedPolicy', message);
const strings = (v: Json | undefined): string[] =>
  v === undefined
    ? []
    : Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string')
      : typeof v === 'string'
        ? [v]
        : [];

function statements(policy: Json): Statement[] {
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy))
    throw malformed("Policies must be valid JSON and the first byte must be '{'");
  if (policy.Version !== '2012-10-17' && policy.Version !== '2008-10-17')
    throw malformed('Missing required field Version');
  const raw = policy.Statement;
  const list = Array.isArray(raw) ? raw : raw !== undefined ? [raw] : [];
  if (list.length === 0) throw malformed('Missing required field Statement');
  return list.map((s) => {
    if (typeof s !== 'object' || s === null || Array.isArray(s))
      throw malformed('Statement is not an object');
    return s;
  });
}

/** Checks the policy is one S3 accepts for this bucket. */
export function validatePolicy(text: string, bucket: string): Statement[] {
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    throw malformed("Policies must be valid JSON and the first byte must be '{'");
  }
  const list = statements(parsed);
  for (const s of list) {
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') throw malformed('Invalid effect');
    if (s.Principal === undefined && s.NotPrincipal === undefined)
      throw malformed('Missing required field Principal');
    if (strings(s.Action).length + strings(s.NotAction).length === 0)
      throw malformed('Missing required field Action');
    const resources = [...strings(s.Resource), ...strings(s.NotResource)];
    if (resources.length === 0) throw malformed('Missing required field Resource');
    const arn = `arn:aws:s3:::${bucket}`;
    if (!resources.every((r) => r === arn || r.startsWith(`${arn}/`)))
      throw malformed('Policy has invalid resource.');
  }
  return list;
}

const everyone = (p: Json | undefined): boolean =>
  p === '*' || (typeof p === 'object' && p !== null && !Array.isArray(p) && strings(p.AWS).includes('*'));

/** Public as S3 judges it, simplified: an unconditional Allow for every principal. */
export function isPublic(text: string): boolean {
  const list = statements(JSON.parse(text) as Json);
  return list.some((s) => s.Effect === 'Allow' && everyone(s.Principal) && s.Condition === undefined);
}

const MAX_POLICY = 20 * KIB;

export const policyText = (stored: unknown): string =>
  storedAs<{ text: string }>(stored, (v) => typeof v.text === 'string').text;

export const policy: KindSpec = {
  maxBody: 1024 * KIB,
  missing: 'NoSuchBucketPolicy',
  putStatus: 204,
  parse(body, ctx) {
    if (body.length > MAX_POLICY) throw malformed('Policies must be no more than 20 KB');
    const text = body.toString('utf8');
    validatePolicy(text, ctx.bucket);
    return { text };
  },
  render: (stored): Reply => ({
    status: 200,
    body: { type: 'bytes', value: Buffer.from(policyText(stored)), contentType: 'application/json' },
  }),
};

export const policyStatusReply = (stored: unknown): Reply =>
  xmlReply(elAttrs('PolicyStatus', { xmlns: S3_NAMESPACE }, el('IsPublic', isPublic(policyText(stored)))));
