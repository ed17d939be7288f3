import type { HealQuery, HealthColours } from '@stowage/contract';

// Spec 002 §2.12: what the Heal screen draws from the latest running totals.

export const HEALTH_CATEGORIES = ['Green', 'Yellow', 'Red', 'Grey'] as const;
export type HealthCategory = (typeof HEALTH_CATEGORIES)[number];

/** Each category's share of the items, in percent; all 0 before any item is counted. */
export function healthPercentages(cols: HealthColours): Record<HealthCategory, number> {
  const total = HEALTH_CATEGORIES.reduce((sum, c) => sum + cols[c], 0);
  const share = (c: HealthCategory) => (total === 0 ? 0 : (cols[c] / total) * 100);
  return { Green: share('Green'), Yellow: share('Yellow'), Red: share('Red'), Grey: share('Grey') };
}

/** A percentage as shown: at most one decimal, never "100.0". */
export const formatPercent = (value: number): string => String(Math.round(value * 10) / 10);

export interface HealForm {
  bucket: string | null;
  prefix: string;
  recursive: boolean;
  forceStart: boolean;
  forceStop: boolean;
}

export const initialHealForm: HealForm = {
  bucket: null,
  prefix: '',
  recursive: false,
  forceStart: false,
  forceStop: false,
};

/** Spec 002 §4: Force Start and Force Stop exclude each other; checking one clears the other. */
export function setForce(form: HealForm, which: 'forceStart' | 'forceStop', on: boolean): HealForm {
  const other = which === 'forceStart' ? 'forceStop' : 'forceStart';
  return { ...form, [which]: on, ...(on ? { [other]: false } : {}) };
}

const flag = (on: boolean) => (on ? 'true' : 'false');

/** Spec 002 §7.2: /ws/heal/{bucket}?prefix&recursive&force-start&force-stop. */
export function healQuery(form: HealForm): HealQuery {
  return {
    ...(form.prefix.trim() ? { prefix: form.prefix.trim() } : {}),
    recursive: flag(form.recursive),
    'force-start': flag(form.forceStart),
    'force-stop': flag(form.forceStop),
  };
}
