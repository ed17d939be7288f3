import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What every tenant tab is given: the tenant it shows. */
export interface TenantTabProps {
  namespace: string;
  tenant: string;
}

export interface TenantTab {
  /** The path segment after the tenant (spec 002 §2.4 sub-routes). */
  segment: string;
  /** Under tenantDetail.tabs. */
  labelKey: 'summary' | 'metrics' | 'security' | 'pools' | 'pods' | 'volumes' | 'license';
  Component: LazyExoticComponent<ComponentType<TenantTabProps>>;
}

/** Spec 002 §2.4: the side menu, in its order; each tab's code is fetched when first opened. */
export const TENANT_TABS: readonly TenantTab[] = [
  {
    segment: 'summary',
    labelKey: 'summary',
    Component: lazy(() => import('./SummaryTab.js').then((m) => ({ default: m.SummaryTab }))),
  },
  {
    segment: 'metrics',
    labelKey: 'metrics',
    Component: lazy(() => import('./MetricsTab.js').then((m) => ({ default: m.MetricsTab }))),
  },
  {
    segment: 'security',
    labelKey: 'security',
    Component: lazy(() => import('./SecurityTab.js').then((m) => ({ default: m.SecurityTab }))),
  },
  {
    segment: 'pools',
    labelKey: 'pools',
    Component: lazy(() => import('./PoolsTab.js').then((m) => ({ default: m.PoolsTab }))),
  },
  {
    segment: 'pods',
    labelKey: 'pods',
    Component: lazy(() => import('./PodsTab.js').then((m) => ({ default: m.PodsTab }))),
  },
  {
    segment: 'volumes',
    labelKey: 'volumes',
    Component: lazy(() => import('./VolumesTab.js').then((m) => ({ default: m.VolumesTab }))),
  },
  {
    segment: 'license',
    labelKey: 'license',
    Component: lazy(() => import('./LicenseTab.js').then((m) => ({ default: m.LicenseTab }))),
  },
];

/** Spec 002 §2.4: the active tab follows the path; an unknown segment gives summary. */
export function activeTab(segment: string | undefined): TenantTab {
  return TENANT_TABS.find((tab) => tab.segment === segment) ?? (TENANT_TABS[0] as TenantTab);
}
