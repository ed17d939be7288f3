import type { AddLifecycleRequest, LifecycleRule, Tier } from '@stowage/contract';
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
}

/** Spec 001 §5: a chosen valid date or days ≥ 1; a transition also needs a storage class. */
export function canSaveLifecycle(d: LifecycleDraft): boolean {
  const timed = d.when === 'date' ? isRealDate(d.date) : /^\d+$/.test(d.days.trim()) && Number(d.days) >= 1;
  if (!timed) return false;
  return d.type === 'expiry' || (d.storageClass ?? '') !== '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The POST body: the chosen day at 23:59:59 UTC, as the spec sends dates. */
export function toAddRequest(d: LifecycleDraft): AddLifecycleRequest {
  const date = d.date ? `${d.date.year}-${pad(d.date.month)}-${pad(d.date.day)}T23:59:59Z` : undefined;
  const body: AddLifecycleRequest = { type: d.type };
  if (d.prefix.trim()) body.prefix = d.prefix.trim();
  if (d.tags) body.tags = d.tags;
  if (d.type === 'expiry') {
    if (d.when === 'days') body.expiry_days = Number(d.days);
    else if (date) body.expiry_date = date;
  } else {
    if (d.when === 'days') body.transition_days = Number(d.days);
    else if (date) body.transition_date = date;
    if (d.storageClass) body.storage_class = d.storageClass;
  }
  return body;
}

/** The tags of a rule as the edit modal's key=value&… text. */
export const tagsText = (rule: LifecycleRule) => rule.tags.map((t) => `${t.key}=${t.value}`).join('&');
