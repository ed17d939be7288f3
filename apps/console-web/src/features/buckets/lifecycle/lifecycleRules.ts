import {
  type AddLifecycleRequest,
  LIFECYCLE_DAYS,
  LIFECYCLE_NEWER_VERSIONS,
  type LifecycleRule,
  type RemovableLifecycleField,
  type Tier,
  type UpdateLifecycleRequest,
} from '@stowage/contract';
import type { TFunction } from 'i18next';
import { type DateParts, isRealDate } from '../../../components/dateParts.js';

// Spec 001 §2, §5: how lifecycle rules show in the table, and when the Add modal can save.

/** A date the server returns for "not set". */
const ZERO_DATE = /^0001-01-01/;

export const daysText = (days: number | undefined) => (days ? `${days} day(s)` : '');
export const dateText = (date: string | undefined) =>
  !date || ZERO_DATE.test(date) ? '' : date.slice(0, 10);

/** Days win over a date: a rule has one or the other. */
export const whenText = (part: { days?: number; date?: string } | undefined) =>
  part ? daysText(part.days) || dateText(part.date) : '';

/** The names of the tiers, the storage classes a transition can name. */
export const tierNames = (tiers: readonly Tier[]): string[] =>
  tiers.flatMap((tier) => {
    const settings = tier[tier.type];
    return settings?.name ? [settings.name] : [];
  });

export interface LifecycleDraft {
  type: 'expiry' | 'transition';
  prefix: string;
  /** key=value pairs joined by &. */
  tags: string;
  when: 'days' | 'date';
  days: string;
  date: DateParts | undefined;
  storageClass: string | null;
  /** Expiry: remove delete markers left with no versions (not with days or a date). */
  deleteMarker: boolean;
  /** Days after a version becomes noncurrent: it expires (expiry) or moves (transition). */
  noncurrentDays: string;
  /** Expiry: how many newer noncurrent versions are kept whatever their age. */
  newerVersions: string;
  /** Transition: the tier noncurrent versions move to; the current one's when left empty. */
  noncurrentStorageClass: string | null;
  /** Expiry: days after which unfinished multipart uploads are aborted (prefix only). */
  abortDays: string;
}

export const EMPTY_LIFECYCLE_DRAFT: LifecycleDraft = {
  type: 'expiry',
  prefix: '',
  tags: '',
  when: 'days',
  days: '',
  date: undefined,
  storageClass: null,
  deleteMarker: false,
  noncurrentDays: '',
  newerVersions: '',
  noncurrentStorageClass: null,
  abortDays: '',
};

/** An optional whole number in the contract's bounds: empty is fine, anything else must fit. */
function countProblem(text: string, bounds: { minimum: number; maximum: number }): boolean {
  const value = text.trim();
  if (value === '') return false;
  return !/^\d+$/.test(value) || Number(value) < bounds.minimum || Number(value) > bounds.maximum;
}

export type DraftField = 'days' | 'noncurrentDays' | 'newerVersions' | 'abortDays';

/** The fields of a draft that hold something the server would refuse, with the reason's key. */
type DraftProblem =
  | 'lifecycle.problems.days'
  | 'lifecycle.problems.versions'
  | 'lifecycle.problems.abortWithTags';

export function draftProblems(d: LifecycleDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  const range = 'lifecycle.problems.days';
  if (d.when === 'days' && !(d.type === 'expiry' && d.deleteMarker) && countProblem(d.days, LIFECYCLE_DAYS))
    problems.days = range;
  if (countProblem(d.noncurrentDays, LIFECYCLE_DAYS)) problems.noncurrentDays = range;
  if (d.type === 'expiry') {
    if (countProblem(d.newerVersions, LIFECYCLE_NEWER_VERSIONS))
      problems.newerVersions = 'lifecycle.problems.versions';
    if (countProblem(d.abortDays, LIFECYCLE_DAYS)) problems.abortDays = range;
    else if (d.abortDays.trim() !== '' && d.tags !== '')
      problems.abortDays = 'lifecycle.problems.abortWithTags';
  }
  return problems;
}

const filled = (text: string) => text.trim() !== '';

/** Whether the current version has a time: days typed, or a date chosen (then it must exist). */
function currentSet(d: LifecycleDraft): boolean {
  if (d.type === 'expiry' && d.deleteMarker) return false;
  return d.when === 'date' ? d.date !== undefined : filled(d.days);
}

/**
 * Spec 001 §5: a chosen valid date or days ≥ 1; a transition also needs a storage class.
 * Beyond the spec, a rule may instead act only on noncurrent versions, delete markers or
 * unfinished uploads; every field filled must then be valid.
 */
export function canSaveLifecycle(d: LifecycleDraft): boolean {
  if (Object.keys(draftProblems(d)).length > 0) return false;
  const current = currentSet(d);
  if (current && d.when === 'date' && !isRealDate(d.date)) return false;
  if (d.type === 'expiry')
    return (
      current || d.deleteMarker || filled(d.noncurrentDays) || filled(d.newerVersions) || filled(d.abortDays)
    );
  const hasClass = (d.storageClass ?? '') !== '';
  if (current && !hasClass) return false;
  if (filled(d.noncurrentDays) && !hasClass && (d.noncurrentStorageClass ?? '') === '') return false;
  return current || filled(d.noncurrentDays);
}

const pad = (n: number) => String(n).padStart(2, '0');
const count = (text: string) => (filled(text) ? Number(text.trim()) : undefined);

/** The POST body: the chosen day at 23:59:59 UTC, as the spec sends dates. */
export function toAddRequest(d: LifecycleDraft): AddLifecycleRequest {
  const date = d.date ? `${d.date.year}-${pad(d.date.month)}-${pad(d.date.day)}T23:59:59Z` : undefined;
  const current = currentSet(d);
  const body: AddLifecycleRequest = { type: d.type };
  if (d.prefix.trim()) body.prefix = d.prefix.trim();
  if (d.tags) body.tags = d.tags;
  const days = current && d.when === 'days' ? count(d.days) : undefined;
  const on = current && d.when === 'date' ? date : undefined;
  if (d.type === 'expiry') {
    if (days) body.expiry_days = days;
    if (on) body.expiry_date = on;
    if (d.deleteMarker) body.expired_object_delete_marker = true;
    if (count(d.noncurrentDays)) body.noncurrentversion_expiration_days = count(d.noncurrentDays);
    if (count(d.newerVersions)) body.noncurrentversion_expiration_newer_versions = count(d.newerVersions);
    if (count(d.abortDays)) body.abort_incomplete_multipart_days = count(d.abortDays);
  } else {
    if (days) body.transition_days = days;
    if (on) body.transition_date = on;
    if (d.storageClass) body.storage_class = d.storageClass;
    if (count(d.noncurrentDays)) {
      body.noncurrentversion_transition_days = count(d.noncurrentDays);
      if (d.noncurrentStorageClass)
        body.noncurrentversion_transition_storage_class = d.noncurrentStorageClass;
    }
  }
  return body;
}

/** The Expiration cell: the current version's time, then what else the rule removes. */
export function expirationText(rule: LifecycleRule, t: TFunction): string {
  const e = rule.expiration;
  const parts = [whenText(e)];
  if (e?.delete_marker) parts.push(t('lifecycle.cells.deleteMarkers'));
  if (e?.noncurrent_expiration_days)
    parts.push(t('lifecycle.cells.noncurrent', { when: daysText(e.noncurrent_expiration_days) }));
  if (e?.newer_noncurrent_versions)
    parts.push(t('lifecycle.cells.keep', { count: e.newer_noncurrent_versions }));
  if (rule.abort_incomplete_multipart_days)
    parts.push(t('lifecycle.cells.uploads', { when: daysText(rule.abort_incomplete_multipart_days) }));
  return parts.filter(Boolean).join('; ');
}

/** The Transition cell: the current version's time, then the noncurrent versions'. */
export function transitionText(rule: LifecycleRule, t: TFunction): string {
  const tr = rule.transition;
  const parts = [whenText(tr)];
  if (tr?.noncurrent_transition_days)
    parts.push(t('lifecycle.cells.noncurrent', { when: daysText(tr.noncurrent_transition_days) }));
  return parts.filter(Boolean).join('; ');
}

/** The Storage Class cell: the tiers the rule moves versions to, each once. */
export const storageClassText = (rule: LifecycleRule) =>
  [...new Set([rule.transition?.storage_class, rule.transition?.noncurrent_storage_class])]
    .filter(Boolean)
    .join(', ');

/** The tags of a rule as the edit modal's key=value&… text. */
export const tagsText = (rule: LifecycleRule) => rule.tags.map((t) => `${t.key}=${t.value}`).join('&');

const numberText = (n: number | undefined) => (n ? String(n) : '');

/** An existing rule as a draft: its tags and optional actions, for the Edit modal. */
export function ruleDraft(rule: LifecycleRule): LifecycleDraft {
  const e = rule.expiration;
  const tr = rule.transition;
  return {
    ...EMPTY_LIFECYCLE_DRAFT,
    type: tr ? 'transition' : 'expiry',
    prefix: rule.prefix,
    tags: tagsText(rule),
    storageClass: tr?.storage_class ?? null,
    deleteMarker: e?.delete_marker === true,
    noncurrentDays: numberText(tr ? tr.noncurrent_transition_days : e?.noncurrent_expiration_days),
    newerVersions: numberText(e?.newer_noncurrent_versions),
    noncurrentStorageClass: tr?.noncurrent_storage_class ?? null,
    abortDays: numberText(rule.abort_incomplete_multipart_days),
  };
}

/** Edit can save when what is filled is valid; noncurrent transitions need a tier to go to. */
export function canSaveEdit(d: LifecycleDraft): boolean {
  if (Object.keys(draftProblems(d)).length > 0) return false;
  return !(
    d.type === 'transition' &&
    filled(d.noncurrentDays) &&
    !d.storageClass &&
    !d.noncurrentStorageClass
  );
}

/**
 * What the Edit modal changed in a rule's optional actions: the new values, and the fields it
 * emptied under `remove`. Untouched fields are not sent, so the server keeps them.
 */
export function actionChanges(rule: LifecycleRule, d: LifecycleDraft): UpdateLifecycleRequest {
  const before = ruleDraft(rule);
  const changes: UpdateLifecycleRequest = {};
  const remove: RemovableLifecycleField[] = [];
  const number = (
    key: 'noncurrentDays' | 'newerVersions' | 'abortDays',
    field: RemovableLifecycleField & keyof UpdateLifecycleRequest,
  ) => {
    if (d[key].trim() === before[key]) return;
    if (filled(d[key])) (changes as Record<string, number>)[field] = Number(d[key].trim());
    else remove.push(field);
  };
  if (d.type === 'expiry') {
    if (d.deleteMarker !== before.deleteMarker) changes.expired_object_delete_marker = d.deleteMarker;
    number('noncurrentDays', 'noncurrentversion_expiration_days');
    number('newerVersions', 'noncurrentversion_expiration_newer_versions');
    number('abortDays', 'abort_incomplete_multipart_days');
  } else {
    number('noncurrentDays', 'noncurrentversion_transition_days');
    if (d.noncurrentStorageClass !== before.noncurrentStorageClass) {
      if (d.noncurrentStorageClass)
        changes.noncurrentversion_transition_storage_class = d.noncurrentStorageClass;
      else remove.push('noncurrentversion_transition_storage_class');
    }
  }
  return remove.length ? { ...changes, remove } : changes;
}
