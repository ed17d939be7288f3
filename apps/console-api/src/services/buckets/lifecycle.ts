import { randomBytes } from 'node:crypto';
import type { AddLifecycleRequest, LifecycleRule, UpdateLifecycleRequest } from '@stowage/contract';
import type { Credentials } from '@stowage/madmin';
import { storageCall, unlessMissing } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';

// Lifecycle rules as the console shows them, from and to the S3 XML shape (as the SDK parses
// and builds it). S3 only sets the whole configuration: a change reads, edits and writes back.

type Scalar = string | number | boolean;
interface XmlTag {
  Key: Scalar;
  Value: Scalar;
}
interface XmlRule {
  ID?: Scalar;
  Status?: string;
  Prefix?: Scalar;
  Filter?: { Prefix?: Scalar; Tag?: XmlTag | XmlTag[]; And?: { Prefix?: Scalar; Tag?: XmlTag | XmlTag[] } };
  Expiration?: { Days?: Scalar; Date?: Scalar; ExpiredObjectDeleteMarker?: Scalar };
  NoncurrentVersionExpiration?: { NoncurrentDays?: Scalar; NewerNoncurrentVersions?: Scalar };
  Transition?: { Days?: Scalar; Date?: Scalar; StorageClass?: Scalar };
  NoncurrentVersionTransition?: { NoncurrentDays?: Scalar; StorageClass?: Scalar };
  AbortIncompleteMultipartUpload?: { DaysAfterInitiation?: Scalar };
}

const many = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const num = (v: Scalar | undefined) => (v === undefined || v === '' ? undefined : Number(v));
const str = (v: Scalar | undefined) => (v === undefined || v === '' ? undefined : String(v));
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** `a=1&b=2` into tags; only complete pairs count (spec 001 §5). */
export function parseTagString(text: string | undefined): { key: string; value: string }[] {
  return (text ?? '')
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? undefined : { key: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
    })
    .filter((t): t is { key: string; value: string } => t !== undefined && t.key !== '' && t.value !== '');
}

export function fromXml(rule: XmlRule): LifecycleRule {
  const and = rule.Filter?.And;
  const tags = many(and?.Tag ?? rule.Filter?.Tag).map((t) => ({
    key: String(t.Key),
    value: String(t.Value),
  }));
  const out: LifecycleRule = {
    id: String(rule.ID ?? ''),
    prefix: String(and?.Prefix ?? rule.Filter?.Prefix ?? rule.Prefix ?? ''),
    status: rule.Status === 'Enabled' ? 'Enabled' : 'Disabled',
    tags,
  };
  const e = rule.Expiration;
  const ne = rule.NoncurrentVersionExpiration;
  if (e || ne) {
    out.expiration = defined({
      days: num(e?.Days),
      date: str(e?.Date),
      delete_marker:
        e?.ExpiredObjectDeleteMarker === undefined
          ? undefined
          : String(e.ExpiredObjectDeleteMarker) === 'true',
      noncurrent_expiration_days: num(ne?.NoncurrentDays),
      newer_noncurrent_versions: num(ne?.NewerNoncurrentVersions),
    });
  }
  const t = rule.Transition;
  const nt = rule.NoncurrentVersionTransition;
  if (t || nt) {
    out.transition = defined({
      days: num(t?.Days),
      date: str(t?.Date),
      storage_class: str(t?.StorageClass),
      noncurrent_transition_days: num(nt?.NoncurrentDays),
      noncurrent_storage_class: str(nt?.StorageClass),
    });
  }
  const abort = num(rule.AbortIncompleteMultipartUpload?.DaysAfterInitiation);
  if (abort !== undefined) out.abort_incomplete_multipart_days = abort;
  return out;
}

type RuleInput = Omit<AddLifecycleRequest, 'type'> & { type: 'expiry' | 'transition' };

const bad = (message: string, detail: string) => new ApiError('badRequest', message, detail);

/** A transition's time: a date or days, whichever the form filled. */
const transitionWhen = (req: RuleInput) =>
  req.transition_date
    ? { Date: req.transition_date }
    : req.transition_days
      ? { Days: req.transition_days }
      : undefined;

/**
 * The S3 rule for a console form: every action the form filled, checked as S3 checks them so
 * the user reads which field is wrong. The type names the action the rule must have.
 */
export function toXml(id: string, enabled: boolean, req: RuleInput): XmlRule {
  const tags = parseTagString(req.tags).map((t) => ({ Key: t.key, Value: t.value }));
  const prefix = req.prefix ?? '';
  const rule: XmlRule = {
    ID: id,
    Status: enabled ? 'Enabled' : 'Disabled',
    Filter: tags.length ? { And: { Prefix: prefix, Tag: tags } } : { Prefix: prefix },
  };
  const expiry = req.expiry_date
    ? { Date: req.expiry_date }
    : req.expiry_days
      ? { Days: req.expiry_days }
      : undefined;
  if (expiry && req.expired_object_delete_marker)
    throw bad(
      'expired_object_delete_marker cannot be combined with expiry_date or expiry_days',
      'Expired delete markers are removed on their own: clear the expiry date or days',
    );
  if (expiry) rule.Expiration = expiry;
  else if (req.expired_object_delete_marker) rule.Expiration = { ExpiredObjectDeleteMarker: true };
  const newer = req.noncurrentversion_expiration_newer_versions;
  if (req.noncurrentversion_expiration_days || newer) {
    rule.NoncurrentVersionExpiration = defined({
      NoncurrentDays: req.noncurrentversion_expiration_days,
      NewerNoncurrentVersions: newer,
    });
  }
  if (req.abort_incomplete_multipart_days) {
    if (tags.length)
      throw bad(
        'abort_incomplete_multipart_days cannot be used with tags',
        'Incomplete uploads are aborted by prefix only: remove the tags',
      );
    rule.AbortIncompleteMultipartUpload = { DaysAfterInitiation: req.abort_incomplete_multipart_days };
  }
  const when = transitionWhen(req);
  if (when) {
    if (!req.storage_class) throw bad('a transition needs storage_class', 'choose a storage class');
    rule.Transition = { ...when, StorageClass: req.storage_class };
  }
  if (req.noncurrentversion_transition_days) {
    const storageClass = req.noncurrentversion_transition_storage_class ?? req.storage_class;
    if (!storageClass) throw bad('a transition needs storage_class', 'choose a storage class');
    rule.NoncurrentVersionTransition = {
      NoncurrentDays: req.noncurrentversion_transition_days,
      StorageClass: storageClass,
    };
  }
  if (
    req.type === 'expiry' &&
    !rule.Expiration &&
    !rule.NoncurrentVersionExpiration &&
    !rule.AbortIncompleteMultipartUpload
  )
    throw bad('an expiry rule needs expiry_date or expiry_days', 'choose a date or a number of days');
  if (req.type === 'transition' && !rule.Transition && !rule.NoncurrentVersionTransition)
    throw bad(
      'a transition rule needs transition_date or transition_days',
      'choose a date or a number of days',
    );
  return rule;
}

/** The console form fields of an existing rule, so an update can change some and keep the rest. */
function toInput(rule: LifecycleRule): RuleInput {
  const e = rule.expiration;
  const t = rule.transition;
  return defined({
    type: t ? ('transition' as const) : ('expiry' as const),
    prefix: rule.prefix,
    tags: rule.tags.map((x) => `${x.key}=${x.value}`).join('&'),
    expiry_date: e?.date,
    expiry_days: e?.days,
    expired_object_delete_marker: e?.delete_marker,
    noncurrentversion_expiration_days: e?.noncurrent_expiration_days,
    noncurrentversion_expiration_newer_versions: e?.newer_noncurrent_versions,
    abort_incomplete_multipart_days: rule.abort_incomplete_multipart_days,
    transition_date: t?.date,
    transition_days: t?.days,
    storage_class: t?.storage_class,
    noncurrentversion_transition_days: t?.noncurrent_transition_days,
    noncurrentversion_transition_storage_class: t?.noncurrent_storage_class,
  });
}

async function readRules(gateway: StorageGateway, session: Credentials, bucket: string): Promise<XmlRule[]> {
  const config = await unlessMissing(
    gateway.s3(session).getBucketLifecycle(bucket),
    ['NoSuchLifecycleConfiguration'],
    null,
  );
  return many((config as { Rule?: XmlRule | XmlRule[] } | null)?.Rule);
}

async function writeRules(gateway: StorageGateway, session: Credentials, bucket: string, rules: XmlRule[]) {
  const s3 = gateway.s3(session);
  if (rules.length === 0) await storageCall(s3.removeBucketLifecycle(bucket));
  else await storageCall(s3.setBucketLifecycle(bucket, { Rule: rules } as never));
}

export async function getLifecycle(gateway: StorageGateway, session: Credentials, bucket: string) {
  return { lifecycle: (await readRules(gateway, session, bucket)).map(fromXml) };
}

export async function addLifecycleRule(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  req: AddLifecycleRequest,
): Promise<LifecycleRule> {
  const rules = await readRules(gateway, session, bucket);
  const rule = toXml(randomBytes(10).toString('hex'), true, req);
  await writeRules(gateway, session, bucket, [...rules, rule]);
  return fromXml(rule);
}

export async function updateLifecycleRule(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  id: string,
  req: UpdateLifecycleRequest,
): Promise<LifecycleRule> {
  const rules = await readRules(gateway, session, bucket);
  const at = rules.findIndex((r) => String(r.ID) === id);
  const current = rules[at];
  if (!current) throw new ApiError('notFound', `no lifecycle rule ${id}`, 'The lifecycle rule was not found');
  const { disable, remove = [], ...changes } = req;
  const before = fromXml(current);
  const merged = { ...toInput(before), ...defined(changes) } as RuleInput;
  for (const field of remove) delete merged[field];
  const enabled = disable === undefined ? before.status === 'Enabled' : !disable;
  const rule = toXml(id, enabled, merged);
  rules[at] = rule;
  await writeRules(gateway, session, bucket, rules);
  return fromXml(rule);
}

export async function deleteLifecycleRule(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  id: string,
) {
  const rules = await readRules(gateway, session, bucket);
  const kept = rules.filter((r) => String(r.ID) !== id);
  if (kept.length === rules.length)
    throw new ApiError('notFound', `no lifecycle rule ${id}`, 'The lifecycle rule was not found');
  await writeRules(gateway, session, bucket, kept);
}
