// Checkbox selection in tables: a click toggles one row; a Shift+click (or Shift+Space) selects
// every row from the last one toggled to this one, in the order the table shows them.

export function toggledSelection(selected: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/**
 * The selection after a range gesture: the rows between `anchor` and `key` (both included)
 * take the state `key` is given, as in file managers. Without an anchor among the rows it is a
 * plain toggle.
 */
export function rangeSelection(
  selected: ReadonlySet<string>,
  ordered: readonly string[],
  anchor: string | undefined,
  key: string,
): Set<string> {
  const from = anchor === undefined ? -1 : ordered.indexOf(anchor);
  const to = ordered.indexOf(key);
  if (from < 0 || to < 0) return toggledSelection(selected, key);
  const select = !selected.has(key);
  const next = new Set(selected);
  for (const k of ordered.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (select) next.add(k);
    else next.delete(k);
  }
  return next;
}
