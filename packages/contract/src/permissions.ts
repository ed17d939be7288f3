import type { ConsoleAction } from './actions.js';

/**
 * Pages (UI routes) and the IAM actions each needs, after reference/console-anchor.md §4.4.
 * A page is allowed when the session's policy grants its type shortcut (`admin:*` / `s3:*`)
 * or every listed action; a page with no rule is always allowed. The storage server still
 * enforces every call: these rules only shape the routes and the sidebar.
 */
export interface PageRule {
  /** The wildcard that grants the page on its own, if any. */
  type?: 'admin:*' | 's3:*';
  /** All of these grant the page. Empty with no type: always allowed. */
  actions: readonly ConsoleAction[];
}

const CONFIG = { type: 'admin:*', actions: ['admin:ConfigUpdate'] } as const;
const SERVER_INFO = { type: 'admin:*', actions: ['admin:ServerInfo'] } as const;
const ALWAYS = { actions: [] } as const;

const BUCKETS = {
  type: 's3:*',
  actions: [
    's3:ListMultipartUploadParts',
    's3:ListBucketMultipartUploads',
    's3:ListBucket',
    's3:HeadBucket',
    's3:GetObject',
    's3:GetBucketLocation',
    's3:AbortMultipartUpload',
    's3:CreateBucket',
    's3:PutObject',
    's3:DeleteObject',
    's3:DeleteBucket',
    's3:PutBucketPolicy',
    's3:DeleteBucketPolicy',
    's3:GetBucketPolicy',
  ],
} as const;
const USERS = {
  type: 'admin:*',
  actions: [
    'admin:ListUsers',
    'admin:CreateUser',
    'admin:DeleteUser',
    'admin:GetUser',
    'admin:EnableUser',
    'admin:DisableUser',
  ],
} as const;
const GROUPS = {
  type: 'admin:*',
  actions: ['admin:ListGroups', 'admin:AddUserToGroup', 'admin:EnableGroup', 'admin:DisableGroup'],
} as const;
const POLICIES = {
  type: 'admin:*',
  actions: [
    'admin:GetPolicy',
    'admin:DeletePolicy',
    'admin:CreatePolicy',
    'admin:AttachUserOrGroupPolicy',
    'admin:ListUserPolicies',
  ],
} as const;

/** Console-mode page table. Keys are route patterns as the web router and the sidebar use them. */
export const CONSOLE_PAGES: Readonly<Record<string, PageRule>> = {
  '/dashboard': SERVER_INFO,
  '/metrics': SERVER_INFO,
  '/buckets': BUCKETS,
  '/buckets/*': BUCKETS,
  '/jobs': { type: 's3:*', actions: ['s3:ListBucket'] },
  '/watch': { type: 'admin:*', actions: ['s3:ListenBucketNotification'] },
  '/users': USERS,
  '/users/:userName': USERS,
  '/groups': GROUPS,
  '/policies': POLICIES,
  '/policies/*': POLICIES,
  // The simulator reads users, groups and policies: what the Policies pages need.
  '/policies/simulator': POLICIES,
  '/heal': { type: 'admin:*', actions: ['admin:Heal'] },
  '/trace': { type: 'admin:*', actions: ['admin:ServerTrace'] },
  '/logs': { type: 'admin:*', actions: ['admin:ConsoleLog'] },
  '/health-info': { type: 'admin:*', actions: ['admin:OBDInfo'] },
  '/settings': CONFIG,
  '/account': ALWAYS,
  '/account/change-password': ALWAYS,
  // Anyone may share what they can read; the list shows their own links (all, for an admin).
  '/share-links': ALWAYS,
  // The original console listed these routes without a rule, so they never showed; they edit
  // server configuration, so they need what /settings needs.
  '/webhook/logger': CONFIG,
  '/webhook/audit': CONFIG,
  '/license': ALWAYS,
};

/** Operator mode: Kubernetes RBAC of the login token is the real gate, so every page shows. */
export const OPERATOR_PAGES: Readonly<Record<string, PageRule>> = Object.fromEntries(
  [
    '/tenants',
    '/tenants/add',
    '/namespaces/:tenantNamespace/tenants/:tenantName',
    '/storage',
    '/storage/volumes',
    '/storage/drives',
    '/license',
  ].map((page) => [page, ALWAYS]),
);

/** Pages that LDAP identity hides: users and groups live in the directory, not in the server. */
export const LDAP_HIDDEN_PAGES: readonly string[] = ['/users', '/users/:userName', '/groups'];

/** True when an IAM action pattern (with `*` and `?`) matches a concrete action. */
export function actionMatches(pattern: string, action: string): boolean {
  if (pattern === '*') return true;
  const re = new RegExp(
    `^${pattern
      .split('')
      .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'i',
  );
  return re.test(action);
}

/** What a session may do, reduced from its effective policy to action patterns. */
export interface ActionGrants {
  allow: readonly string[];
  /** Actions denied on every resource without conditions. */
  deny: readonly string[];
}

export function isActionGranted(grants: ActionGrants, action: string): boolean {
  if (grants.deny.some((p) => actionMatches(p, action))) return false;
  return grants.allow.some((p) => actionMatches(p, action));
}

export function isPageAllowed(rule: PageRule, grants: ActionGrants): boolean {
  if (!rule.type && rule.actions.length === 0) return true;
  const denied = rule.actions.some((a) => grants.deny.some((p) => actionMatches(p, a)));
  if (denied) return false;
  if (rule.type && isActionGranted(grants, rule.type)) return true;
  return rule.actions.length > 0 && rule.actions.every((a) => isActionGranted(grants, a));
}

export function allowedPages(
  table: Readonly<Record<string, PageRule>>,
  grants: ActionGrants,
  hidden: readonly string[] = [],
): string[] {
  return Object.entries(table)
    .filter(([page, rule]) => !hidden.includes(page) && isPageAllowed(rule, grants))
    .map(([page]) => page);
}
