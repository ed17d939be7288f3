import {
  type Icon,
  IconActivity,
  IconBook,
  IconBucket,
  IconCertificate,
  IconDashboard,
  IconDatabase,
  IconEye,
  IconFileText,
  IconFirstAidKit,
  IconKey,
  IconLayoutGrid,
  IconListCheck,
  IconSettings,
  IconShare,
  IconShieldLock,
  IconShieldQuestion,
  IconStethoscope,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Resources } from '../i18n/en.js';
import { DOCUMENTATION_URL } from './links.js';

type NavLabelKey = Exclude<keyof Resources['nav'], 'groups'>;

export type SidebarEntry =
  | { kind: 'route'; path: string; label: NavLabelKey; icon: Icon; hidden?: boolean }
  | { kind: 'external'; href: string; label: NavLabelKey; icon: Icon };

export interface SidebarGroup {
  id: keyof Resources['nav']['groups'];
  /** Which mode shows the group; the Operator and License groups are exclusive. */
  mode: 'console' | 'operator' | 'both';
  entries: readonly SidebarEntry[];
}

const docs: SidebarEntry = {
  kind: 'external',
  href: DOCUMENTATION_URL,
  label: 'documentation',
  icon: IconBook,
};

/** Spec 000 §2 "Sidebar". A route entry shows only when its path is in the session's pages. */
export const sidebarGroups: readonly SidebarGroup[] = [
  {
    id: 'common',
    mode: 'both',
    entries: [
      { kind: 'route', path: '/dashboard', label: 'dashboard', icon: IconDashboard },
      { kind: 'route', path: '/buckets', label: 'buckets', icon: IconBucket },
      { kind: 'route', path: '/users', label: 'users', icon: IconUser },
      { kind: 'route', path: '/groups', label: 'groupsEntry', icon: IconUsersGroup },
      { kind: 'route', path: '/account', label: 'serviceAccounts', icon: IconKey },
      { kind: 'route', path: '/share-links', label: 'shareLinks', icon: IconShare },
      { kind: 'route', path: '/policies', label: 'policies', icon: IconShieldLock },
      { kind: 'route', path: '/policies/simulator', label: 'policySimulator', icon: IconShieldQuestion },
      { kind: 'route', path: '/settings', label: 'settings', icon: IconSettings },
    ],
  },
  {
    id: 'tools',
    mode: 'both',
    entries: [
      { kind: 'route', path: '/logs', label: 'logs', icon: IconFileText },
      { kind: 'route', path: '/watch', label: 'watch', icon: IconEye },
      { kind: 'route', path: '/trace', label: 'trace', icon: IconActivity },
      // Spec 000 §1: the Heal menu entry is hidden (the page stays reachable by URL).
      { kind: 'route', path: '/heal', label: 'heal', icon: IconFirstAidKit, hidden: true },
      { kind: 'route', path: '/health-info', label: 'diagnostic', icon: IconStethoscope },
      { kind: 'route', path: '/jobs', label: 'jobs', icon: IconListCheck },
    ],
  },
  {
    id: 'operator',
    mode: 'operator',
    entries: [
      { kind: 'route', path: '/tenants', label: 'tenants', icon: IconLayoutGrid },
      { kind: 'route', path: '/storage', label: 'storage', icon: IconDatabase },
      { kind: 'route', path: '/license', label: 'license', icon: IconCertificate },
      docs,
    ],
  },
  {
    id: 'license',
    mode: 'console',
    entries: [{ kind: 'route', path: '/license', label: 'license', icon: IconCertificate }, docs],
  },
];

/** The groups and entries a session sees; a group left with no route entry is dropped. */
export function visibleSidebar(pages: readonly string[], operator: boolean): SidebarGroup[] {
  const allowed = new Set(pages);
  return sidebarGroups
    .filter((group) => group.mode === 'both' || (group.mode === 'operator') === operator)
    .map((group) => ({
      ...group,
      entries: group.entries.filter((e) => e.kind === 'external' || (!e.hidden && allowed.has(e.path))),
    }))
    .filter((group) => group.entries.some((e) => e.kind === 'route'));
}

/**
 * Whether a route entry is the current page's: the location is at or under its path, and no
 * more specific entry claims it (/policies/simulator is not also Policies).
 */
export function isActiveEntry(path: string, pathname: string): boolean {
  const under = (p: string) => pathname === p || pathname.startsWith(`${p}/`);
  if (!under(path)) return false;
  return !sidebarGroups.some((group) =>
    group.entries.some((e) => e.kind === 'route' && e.path.startsWith(`${path}/`) && under(e.path)),
  );
}
