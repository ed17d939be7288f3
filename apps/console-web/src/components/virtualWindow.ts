/** The rows to draw: those in the viewport plus `overscan` on each side, clamped to the list. */
export function visibleWindow({
  scrollTop,
  viewport,
  count,
  rowHeight,
  overscan,
}: {
  scrollTop: number;
  viewport: number;
  count: number;
  rowHeight: number;
  overscan: number;
}): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewport) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}
