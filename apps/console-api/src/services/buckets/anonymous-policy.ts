import type { PrefixAccess } from '@stowage/contract';

// Anonymous access in a bucket policy, by prefix, in the shape `mc anonymous` writes (so rules
// set by mc show up here and ours read back in mc). The whole bucket is the prefix ''.

export interface Statement {
  Sid?: string;
  Effect: string;
  Principal?: unknown;
  Action?: string | string[];
  Resource?: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
  [other: string]: unknown;
}

export interface BucketPolicy {
  Version: string;
  Statement: Statement[];
  [other: string]: unknown;
}

const READ_BUCKET = ['s3:GetBucketLocation', 's3:ListBucket'];
const WRITE_BUCKET = ['s3:GetBucketLocation', 's3:ListBucketMultipartUploads'];
const READ_OBJECT = ['s3:GetObject'];
const WRITE_OBJECT = [
  's3:AbortMultipartUpload',
  's3:DeleteObject',
  's3:ListMultipartUploadParts',
  's3:PutObject',
];

const list = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

function isAnonymousAllow(s: Statement): boolean {
  if (s.Effect !== 'Allow') return false;
  const p = s.Principal as { AWS?: string | string[] } | string | undefined;
  return p === '*' || (typeof p === 'object' && list(p?.AWS).includes('*'));
}

const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;
const objectArn = (bucket: string, prefix: string) => `arn:aws:s3:::${bucket}/${prefix}*`;

export function parseBucketPolicy(text: string): BucketPolicy {
  if (!text.trim()) return { Version: '2012-10-17', Statement: [] };
  const doc = JSON.parse(text) as Partial<BucketPolicy>;
  const statements = doc.Statement as Statement[] | Statement | undefined;
  const Statement = Array.isArray(statements) ? statements : statements ? [statements] : [];
  return { ...doc, Version: doc.Version ?? '2012-10-17', Statement };
}

/** The anonymous access of every prefix that has some, from the object statements. */
export function accessRules(
  policy: BucketPolicy,
  bucket: string,
): { prefix: string; access: PrefixAccess }[] {
  const grants = new Map<string, { read: boolean; write: boolean }>();
  const head = `arn:aws:s3:::${bucket}/`;
  for (const s of policy.Statement.filter(isAnonymousAllow)) {
    const actions = list(s.Action);
    const read = actions.some((a) => a === 's3:GetObject' || a === 's3:*');
    const write = actions.some((a) => a === 's3:PutObject' || a === 's3:*');
    for (const r of list(s.Resource)) {
      if (!r.startsWith(head) || !r.endsWith('*')) continue;
      const prefix = r.slice(head.length, -1);
      const g = grants.get(prefix) ?? { read: false, write: false };
      grants.set(prefix, { read: g.read || read, write: g.write || write });
    }
  }
  const rules: { prefix: string; access: PrefixAccess }[] = [];
  for (const [prefix, g] of grants) {
    const access = g.read && g.write ? 'readwrite' : g.read ? 'readonly' : g.write ? 'writeonly' : undefined;
    if (access) rules.push({ prefix, access });
  }
  return rules.sort((a, b) => a.prefix.localeCompare(b.prefix));
}

/** Drop a prefix's anonymous grants, leaving every other statement as it was. */
function withoutPrefix(policy: BucketPolicy, bucket: string, prefix: string): Statement[] {
  const out: Statement[] = [];
  for (const s of policy.Statement) {
    if (!isAnonymousAllow(s)) {
      out.push(s);
      continue;
    }
    const resources = list(s.Resource);
    if (resources.includes(objectArn(bucket, prefix))) {
      const rest = resources.filter((r) => r !== objectArn(bucket, prefix));
      if (rest.length) out.push({ ...s, Resource: rest });
      continue;
    }
    if (resources.includes(bucketArn(bucket))) {
      const prefixes = list(s.Condition?.StringEquals?.['s3:prefix']);
      const conditioned = s.Condition !== undefined;
      if (prefix === '' && !conditioned) continue;
      if (prefix !== '' && prefixes.includes(prefix)) {
        const rest = prefixes.filter((p) => p !== prefix);
        if (rest.length)
          out.push({ ...s, Condition: { ...s.Condition, StringEquals: { 's3:prefix': rest } } });
        continue;
      }
    }
    out.push(s);
  }
  return out;
}

function grantStatements(bucket: string, prefix: string, access: PrefixAccess): Statement[] {
  const read = access !== 'writeonly';
  const write = access !== 'readonly';
  const principal = { AWS: ['*'] };
  const bucketActions = [...new Set([...(read ? READ_BUCKET : []), ...(write ? WRITE_BUCKET : [])])].sort();
  const objectActions = [...(read ? READ_OBJECT : []), ...(write ? WRITE_OBJECT : [])].sort();
  const onBucket: Statement = {
    Effect: 'Allow',
    Principal: principal,
    Action: bucketActions,
    Resource: [bucketArn(bucket)],
  };
  if (prefix !== '') onBucket.Condition = { StringEquals: { 's3:prefix': [prefix] } };
  return [
    onBucket,
    { Effect: 'Allow', Principal: principal, Action: objectActions, Resource: [objectArn(bucket, prefix)] },
  ];
}

/** The policy with the prefix's anonymous access replaced (none removes it). */
export function setPrefixAccess(
  policy: BucketPolicy,
  bucket: string,
  prefix: string,
  access: PrefixAccess | 'none',
): BucketPolicy {
  const kept = withoutPrefix(policy, bucket, prefix);
  const added = access === 'none' ? [] : grantStatements(bucket, prefix, access);
  return { ...policy, Statement: [...kept, ...added] };
}

/** PRIVATE with no statements, PUBLIC when anyone may read and write everything, else CUSTOM. */
export function bucketAccessLevel(policy: BucketPolicy, bucket: string): 'PRIVATE' | 'PUBLIC' | 'CUSTOM' {
  if (policy.Statement.length === 0) return 'PRIVATE';
  const whole = accessRules(policy, bucket).find((r) => r.prefix === '');
  const onlyWhole = withoutPrefix(policy, bucket, '').length === 0;
  return whole?.access === 'readwrite' && onlyWhole ? 'PUBLIC' : 'CUSTOM';
}
