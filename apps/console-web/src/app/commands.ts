import type { Resources } from '../i18n/en.js';
import { LOCALES, type LocaleCode } from '../i18n/locales.js';
import { visibleSidebar } from './sidebarItems.js';

type NavLabelKey = Exclude<keyof Resources['nav'], 'groups'>;

/** One entry of the command palette: a page to open, or an action to run. */
export type Command =
  | { id: string; kind: 'go'; path: string; label: NavLabelKey }
  | {
      id: string;
      kind: 'create';
      path: string;
      label: 'createBucket' | 'createUser' | 'createGroup' | 'createServiceAccount' | 'createPolicy';
    }
  | { id: string; kind: 'locale'; locale: LocaleCode }
  | { id: string; kind: 'theme' | 'shortcuts' | 'logout' }
  /** Another deployment of this console: a full page load of its app (features/deployments). */
  | { id: string; kind: 'deployment'; path: string; name: string };

/** Query parameter a list page reads to open its create dialog (the palette's create actions). */
export const CREATE_PARAM = 'create';

const CREATE_ACTIONS = [
  { path: '/buckets', label: 'createBucket' },
  { path: '/users', label: 'createUser' },
  { path: '/groups', label: 'createGroup' },
  { path: '/account', label: 'createServiceAccount' },
  { path: '/policies', label: 'createPolicy' },
] as const;

/** What the session may do: the sidebar's pages, the create dialogs of those pages, language, theme, shortcuts and logout. */
export function buildCommands(pages: readonly string[], operator: boolean): Command[] {
  const routes = visibleSidebar(pages, operator).flatMap((g) =>
    g.entries.flatMap((e) => (e.kind === 'route' ? [{ path: e.path, label: e.label }] : [])),
  );
  const allowed = new Set(pages);
  return [
    ...routes.map((r): Command => ({ id: `go:${r.path}`, kind: 'go', path: r.path, label: r.label })),
    ...CREATE_ACTIONS.filter((a) => allowed.has(a.path)).map(
      (a): Command => ({ id: `create:${a.path}`, kind: 'create', path: a.path, label: a.label }),
    ),
    ...LOCALES.map((l): Command => ({ id: `locale:${l.code}`, kind: 'locale', locale: l.code })),
    { id: 'theme', kind: 'theme' },
    { id: 'shortcuts', kind: 'shortcuts' },
    { id: 'logout', kind: 'logout' },
  ];
}

/** The other deployments, to switch to; none when the console has one. */
export function deploymentCommands(
  deployments: readonly { id: string; name: string; path: string; current: boolean }[],
): Command[] {
  return deployments
    .filter((d) => !d.current)
    .map((d): Command => ({ id: `deployment:${d.id}`, kind: 'deployment', path: d.path, name: d.name }));
}

/** Every word of the query appears in the label, in any order, ignoring case. */
export function matchesQuery(label: string, query: string): boolean {
  const text = label.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
