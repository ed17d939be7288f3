// Keyboard movement between the rows of a table (the WAI-ARIA grid keys): the active row after
// a key press, or undefined for a key that does not move it.

export function nextActiveRow(
  key: string,
  current: number,
  count: number,
  pageRows: number,
): number | undefined {
  if (count === 0) return undefined;
  const page = Math.max(1, pageRows);
  const moves: Record<string, number> = {
    ArrowDown: current + 1,
    ArrowUp: current - 1,
    PageDown: current + page,
    PageUp: current - page,
    Home: 0,
    End: count - 1,
  };
  const next = moves[key];
  return next === undefined ? undefined : Math.min(count - 1, Math.max(0, next));
}
