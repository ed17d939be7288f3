import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { BucketsPage } from '../features/buckets/BucketsPage.js';
import { bucketsOptions } from '../features/buckets/queries.js';
import { DashboardPage } from '../features/dashboard/DashboardPage.js';
import { adminInfoOptions } from '../features/dashboard/queries.js';
import type { Resources } from '../i18n/en.js';

// The landing screens (the dashboard, the bucket list) are in the first bundle; the others are
// fetched when first opened, which keeps the initial JavaScript under its limit as screens grow.
const AccountPage = lazy(() =>
  import('../features/account/AccountPage.js').then((m) => ({ default: m.AccountPage })),
);
const BucketDetailPage = lazy(() =>
  import('../features/buckets/detail/BucketDetailPage.js').then((m) => ({ default: m.BucketDetailPage })),
);
const ObjectBrowserPage = lazy(() =>
  import('../features/objects/ObjectBrowserPage.js').then((m) => ({ default: m.ObjectBrowserPage })),
);
const settings = () => import('../features/configs/SettingsPage.js');
const SettingsPage = lazy(() => settings().then((m) => ({ default: m.SettingsPage })));
const LoggerWebhookPage = lazy(() => settings().then((m) => ({ default: m.LoggerWebhookPage })));
const AuditWebhookPage = lazy(() => settings().then((m) => ({ default: m.AuditWebhookPage })));
const GroupsPage = lazy(() =>
  import('../features/groups/GroupsPage.js').then((m) => ({ default: m.GroupsPage })),
);
const PoliciesPage = lazy(() =>
  import('../features/policies/PoliciesPage.js').then((m) => ({ default: m.PoliciesPage })),
);
const SimulatorPage = lazy(() =>
  import('../features/policy-simulation/SimulatorPage.js').then((m) => ({ default: m.SimulatorPage })),
);
const PolicyDetailPage = lazy(() =>
  import('../features/policies/PolicyDetailPage.js').then((m) => ({ default: m.PolicyDetailPage })),
);
const UserDetailPage = lazy(() =>
  import('../features/users/UserDetailPage.js').then((m) => ({ default: m.UserDetailPage })),
);
const MetricsPage = lazy(() =>
  import('../features/dashboard/MetricsPage.js').then((m) => ({ default: m.MetricsPage })),
);
const TracePage = lazy(() =>
  import('../features/trace/TracePage.js').then((m) => ({ default: m.TracePage })),
);
const WatchPage = lazy(() =>
  import('../features/watch/WatchPage.js').then((m) => ({ default: m.WatchPage })),
);
const LogsPage = lazy(() => import('../features/logs/LogsPage.js').then((m) => ({ default: m.LogsPage })));
const HealPage = lazy(() => import('../features/heal/HealPage.js').then((m) => ({ default: m.HealPage })));
const DiagnosticPage = lazy(() =>
  import('../features/health-info/DiagnosticPage.js').then((m) => ({ default: m.DiagnosticPage })),
);
const JobsPage = lazy(() => import('../features/jobs/JobsPage.js').then((m) => ({ default: m.JobsPage })));
const LicensePage = lazy(() =>
  import('../features/license/LicensePage.js').then((m) => ({ default: m.LicensePage })),
);
const CreateTenantPage = lazy(() =>
  import('../features/tenants/create/CreateTenantPage.js').then((m) => ({ default: m.CreateTenantPage })),
);
const StoragePage = lazy(() =>
  import('../features/storage/StoragePage.js').then((m) => ({ default: m.StoragePage })),
);
const UsersPage = lazy(() =>
  import('../features/users/UsersPage.js').then((m) => ({ default: m.UsersPage })),
);
const TenantsPage = lazy(() =>
  import('../features/tenants/TenantsPage.js').then((m) => ({ default: m.TenantsPage })),
);
const TenantDetailPage = lazy(() =>
  import('../features/tenants/detail/TenantDetailPage.js').then((m) => ({ default: m.TenantDetailPage })),
);
const ShareLinksPage = lazy(() =>
  import('../features/share-links/ShareLinksPage.js').then((m) => ({ default: m.ShareLinksPage })),
);
const TenantHopPage = lazy(() =>
  import('../features/tenants/TenantHopPage.js').then((m) => ({ default: m.TenantHopPage })),
);

export type PageTitleKey = keyof Resources['pages'];

/**
 * One entry per screen. `page` is the session page pattern (a contract CONSOLE_PAGES /
 * OPERATOR_PAGES key) the route needs; a route whose page is not in `session.pages` does not
 * exist for that session. `Component` absent: the screen is not built yet (placeholder).
 */
export interface AppRoute {
  path: string;
  page: string;
  title: PageTitleKey;
  Component?: ComponentType;
  /** Spec 001: a bare bucket path goes back to the list. */
  redirectTo?: string;
  /** Starts loading the screen's first data (a landing screen, as soon as the session is known). */
  prefetch?: (client: QueryClient) => Promise<void>;
}

const NS_TENANT = '/namespaces/:tenantNamespace/tenants/:tenantName';

/** Order matters: unknown paths go to the first parameterless route the session allows. */
export const routeTable: readonly AppRoute[] = [
  {
    path: '/dashboard',
    page: '/dashboard',
    title: 'dashboard',
    Component: DashboardPage,
    prefetch: (client) => client.prefetchQuery(adminInfoOptions()),
  },
  {
    path: '/buckets',
    page: '/buckets',
    title: 'buckets',
    Component: BucketsPage,
    prefetch: (client) => client.prefetchQuery(bucketsOptions()),
  },
  { path: '/buckets/:bucketName', page: '/buckets/*', title: 'buckets', redirectTo: '/buckets' },
  {
    path: '/buckets/:bucketName/admin',
    page: '/buckets/*',
    title: 'bucketDetail',
    Component: BucketDetailPage,
  },
  {
    path: '/buckets/:bucketName/admin/*',
    page: '/buckets/*',
    title: 'bucketDetail',
    Component: BucketDetailPage,
  },
  {
    path: '/buckets/:bucketName/browse',
    page: '/buckets/*',
    title: 'objectBrowser',
    Component: ObjectBrowserPage,
  },
  {
    path: '/buckets/:bucketName/browse/*',
    page: '/buckets/*',
    title: 'objectBrowser',
    Component: ObjectBrowserPage,
  },
  { path: '/users', page: '/users', title: 'users', Component: UsersPage },
  { path: '/users/:userName', page: '/users/:userName', title: 'userDetail', Component: UserDetailPage },
  { path: '/groups', page: '/groups', title: 'groups', Component: GroupsPage },
  { path: '/account', page: '/account', title: 'serviceAccounts', Component: AccountPage },
  { path: '/share-links', page: '/share-links', title: 'shareLinks', Component: ShareLinksPage },
  { path: '/policies', page: '/policies', title: 'policies', Component: PoliciesPage },
  {
    path: '/policies/simulator',
    page: '/policies/simulator',
    title: 'policySimulator',
    Component: SimulatorPage,
  },
  { path: '/policies/*', page: '/policies/*', title: 'policyDetail', Component: PolicyDetailPage },
  { path: '/settings', page: '/settings', title: 'settings', Component: SettingsPage },
  { path: '/settings/*', page: '/settings', title: 'settings', Component: SettingsPage },
  { path: '/logs', page: '/logs', title: 'logs', Component: LogsPage },
  { path: '/logs/*', page: '/logs', title: 'logs', Component: LogsPage },
  { path: '/watch', page: '/watch', title: 'watch', Component: WatchPage },
  { path: '/trace', page: '/trace', title: 'trace', Component: TracePage },
  { path: '/heal', page: '/heal', title: 'heal', Component: HealPage },
  { path: '/jobs', page: '/jobs', title: 'jobs', Component: JobsPage },
  { path: '/health-info', page: '/health-info', title: 'diagnostic', Component: DiagnosticPage },
  { path: '/metrics', page: '/metrics', title: 'metrics', Component: MetricsPage },
  { path: '/webhook/logger', page: '/webhook/logger', title: 'loggerWebhook', Component: LoggerWebhookPage },
  { path: '/webhook/audit', page: '/webhook/audit', title: 'auditWebhook', Component: AuditWebhookPage },
  { path: '/tenants', page: '/tenants', title: 'tenants', Component: TenantsPage },
  { path: '/tenants/add', page: '/tenants/add', title: 'addTenant', Component: CreateTenantPage },
  { path: NS_TENANT, page: NS_TENANT, title: 'tenantDetail', Component: TenantDetailPage },
  { path: `${NS_TENANT}/hop`, page: NS_TENANT, title: 'tenantDetail', Component: TenantHopPage },
  { path: `${NS_TENANT}/*`, page: NS_TENANT, title: 'tenantDetail', Component: TenantDetailPage },
  // Spec 002 §2.6: /storage and any other path under it go to the volumes.
  { path: '/storage', page: '/storage', title: 'storage', redirectTo: '/storage/volumes' },
  { path: '/storage/*', page: '/storage', title: 'storage', redirectTo: '/storage/volumes' },
  { path: '/storage/volumes', page: '/storage/volumes', title: 'volumes', Component: StoragePage },
  { path: '/storage/drives', page: '/storage/drives', title: 'drives', Component: StoragePage },
  { path: '/license', page: '/license', title: 'license', Component: LicensePage },
];

export function allowedRoutes(pages: readonly string[]): AppRoute[] {
  const allowed = new Set(pages);
  return routeTable.filter((route) => allowed.has(route.page));
}

/** Spec 000 §2: unknown paths redirect to the first route allowed for the session. */
export function firstAllowedPath(routes: readonly AppRoute[]): string | undefined {
  return routes.find((route) => !/[:*]/.test(route.path) && !route.redirectTo)?.path;
}

/**
 * After a login: the landing screen's data is asked for at once, while the app still draws
 * its frame, instead of once the screen has mounted.
 */
export function prefetchLanding(client: QueryClient, pages: readonly string[]): void {
  const home = firstAllowedPath(allowedRoutes(pages));
  void routeTable.find((route) => route.path === home)?.prefetch?.(client);
}

/** Spec 000 §2: no sidebar on /metrics and on paths ending in /hop. */
export function isSidebarHidden(pathname: string): boolean {
  return pathname === '/metrics' || pathname.endsWith('/hop');
}
