import { CHART_PALETTE } from '../../theme/tokens.js';

/** A stable colour per name (FNV-1a hash), so a series looks the same on every chart. */
export function seriesColor(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return CHART_PALETTE[(hash >>> 0) % CHART_PALETTE.length] as string;
}
