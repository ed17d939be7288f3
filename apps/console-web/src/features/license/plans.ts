import type { SubscriptionLicense } from '@stowage/contract';
import type { Resources } from '../../i18n/en.js';
import type { LicenseLink } from './links.js';

// Spec 002 §2.8 "Comparison content" and §9 (plans and pricing). Labels live in i18n
// (license.plans.*, license.rows.*); a cell of `true` is a check mark, `false` is empty.

export const PLANS = ['community', 'standard', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Each plan's button: the page it opens. */
export const PLAN_LINK: Record<Plan, LicenseLink> = {
  community: 'communityChat',
  standard: 'pricing',
  enterprise: 'pricing',
};

type CellKey = Exclude<keyof Resources['license']['cells'], 'yes' | 'no'>;

/** One comparison row: per plan, an i18n key under license.cells, or a yes/no mark. */
export interface ComparisonRow {
  id: keyof Resources['license']['rows'];
  cells: Record<Plan, CellKey | boolean>;
}

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { id: 'license', cells: { community: 'agpl', standard: 'commercial', enterprise: 'commercial' } },
  { id: 'release', cells: { community: 'latest', standard: 'lts1', enterprise: 'lts5' } },
  { id: 'sla', cells: { community: 'noSla', standard: 'sla24h', enterprise: 'sla1h' } },
  { id: 'support', cells: { community: 'communitySupport', standard: 'l4', enterprise: 'l4' } },
  { id: 'security', cells: { community: 'selfUpdate', standard: 'guided', enterprise: 'guided' } },
  { id: 'panic', cells: { community: false, standard: 'panicOne', enterprise: 'unlimited' } },
  { id: 'architecture', cells: { community: false, standard: true, enterprise: true } },
  { id: 'performance', cells: { community: false, standard: true, enterprise: true } },
  { id: 'indemnification', cells: { community: false, standard: false, enterprise: true } },
  { id: 'policyReview', cells: { community: false, standard: false, enterprise: true } },
];

/** §3: STANDARD and ENTERPRISE; any other plan name is treated as standard. No licence: community. */
export function currentPlan(license: SubscriptionLicense | undefined): Plan {
  if (!license) return 'community';
  return license.plan.toUpperCase() === 'ENTERPRISE' ? 'enterprise' : 'standard';
}

/** §9: registered capacity is a TB count of 1099511627776 bytes each. */
export const BYTES_PER_LICENSED_TB = 1_099_511_627_776;
