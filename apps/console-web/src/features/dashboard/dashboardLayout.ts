import type { Widget } from '@stowage/contract';
import type { DashboardTab } from './widgetLayout.js';

// The arrangement a user gives the dashboard: which widgets come first and which are hidden.
// Spec 001 §9 keeps it in local storage as encoded JSON under `dashboardConfig`; we keep one
// arrangement per user in it, so two users on one browser do not share theirs.

export const LAYOUT_STORAGE_KEY = 'dashboardConfig';
export const LAYOUT_VERSION = 1;

export interface Arrangement {
  /** Widget ids, first shown first; widgets missing here follow in the server's order. */
  order: number[];
  hidden: number[];
}

export interface StoredLayouts {
  version: typeof LAYOUT_VERSION;
  /** By user (the session's access key). */
  users: Record<string, Arrangement>;
  /** An arrangement from before layouts were per user: the next user to read it adopts it. */
  unclaimed?: Arrangement;
}

export const EMPTY_LAYOUTS: StoredLayouts = { version: LAYOUT_VERSION, users: {} };
export const DEFAULT_ARRANGEMENT: Arrangement = { order: [], hidden: [] };

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n));
const isArrangement = (v: unknown): v is Arrangement =>
  typeof v === 'object' &&
  v !== null &&
  isIdList((v as Arrangement).order) &&
  isIdList((v as Arrangement).hidden);

/**
 * Version 0 is the original console's react-grid-layout list, `[{ i: "1", x, y, w, h }]`,
 * shared by every user: its reading order (top to bottom, left to right) becomes the order.
 */
function fromGridLayout(items: unknown[]): Arrangement | undefined {
  const cells = items.filter(
    (c): c is { i: string; x: number; y: number } =>
      typeof c === 'object' && c !== null && typeof (c as { i: unknown }).i === 'string',
  );
  const order = cells
    .slice()
    .sort((a, b) => (a.y ?? 0) - (b.y ?? 0) || (a.x ?? 0) - (b.x ?? 0))
    .map((c) => Number(c.i))
    .filter((n) => Number.isInteger(n));
  return order.length > 0 ? { order, hidden: [] } : undefined;
}

/** Any stored shape, old or new, as the current one; what cannot be read is the default. */
export function migrateLayouts(stored: unknown): StoredLayouts {
  if (Array.isArray(stored)) {
    const unclaimed = fromGridLayout(stored);
    return unclaimed ? { ...EMPTY_LAYOUTS, unclaimed } : EMPTY_LAYOUTS;
  }
  if (typeof stored !== 'object' || stored === null) return EMPTY_LAYOUTS;
  const { version, users, unclaimed } = stored as Partial<StoredLayouts>;
  if (version !== LAYOUT_VERSION || typeof users !== 'object' || users === null) return EMPTY_LAYOUTS;
  const kept = Object.fromEntries(Object.entries(users).filter(([, a]) => isArrangement(a)));
  return { version, users: kept, ...(isArrangement(unclaimed) ? { unclaimed } : {}) };
}

// Base64 of UTF-8, so that any user name survives btoa.
const encode = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const decode = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

export function parseLayouts(raw: string | null): StoredLayouts {
  if (!raw) return EMPTY_LAYOUTS;
  for (const read of [() => JSON.parse(decode(raw)), () => JSON.parse(raw)]) {
    try {
      return migrateLayouts(read());
    } catch {
      // Try the next encoding: the original console's entries may be plain JSON.
    }
  }
  return EMPTY_LAYOUTS;
}

export const serializeLayouts = (layouts: StoredLayouts): string => encode(JSON.stringify(layouts));

export const arrangementOf = (layouts: StoredLayouts, user: string): Arrangement =>
  layouts.users[user] ?? layouts.unclaimed ?? DEFAULT_ARRANGEMENT;

/** The user's arrangement set (or, with undefined, dropped); an unclaimed one is theirs now. */
export function withArrangement(
  layouts: StoredLayouts,
  user: string,
  arrangement: Arrangement | undefined,
): StoredLayouts {
  const { [user]: _, ...others } = layouts.users;
  return { version: LAYOUT_VERSION, users: arrangement ? { ...others, [user]: arrangement } : others };
}

export interface PlacedWidget<W> {
  widget: W;
  hidden: boolean;
}

/** The widgets in the user's order, each marked hidden or not. */
export function arrange<W extends Pick<Widget, 'id'>>(
  widgets: readonly W[],
  arrangement: Arrangement,
): PlacedWidget<W>[] {
  const rank = new Map(arrangement.order.map((id, i) => [id, i]));
  const hidden = new Set(arrangement.hidden);
  return widgets
    .map((widget, i) => ({ widget, rank: rank.get(widget.id) ?? arrangement.order.length + i }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ widget }) => ({ widget, hidden: hidden.has(widget.id) }));
}

/** Swaps a widget with its neighbour on the same tab; the order then names every widget. */
export function moveWidget<W extends Pick<Widget, 'id'>>(
  widgets: readonly W[],
  arrangement: Arrangement,
  id: number,
  step: -1 | 1,
  tabOf: (w: W) => DashboardTab,
): Arrangement {
  const order = arrange(widgets, arrangement).map((p) => p.widget);
  const from = order.findIndex((w) => w.id === id);
  if (from < 0) return arrangement;
  const tab = tabOf(order[from]!);
  let to = from + step;
  while (to >= 0 && to < order.length && tabOf(order[to]!) !== tab) to += step;
  if (to < 0 || to >= order.length) return arrangement;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...arrangement, order: order.map((w) => w.id) };
}

export function toggleHidden(arrangement: Arrangement, id: number): Arrangement {
  const hidden = arrangement.hidden.includes(id)
    ? arrangement.hidden.filter((h) => h !== id)
    : [...arrangement.hidden, id];
  return { ...arrangement, hidden };
}
