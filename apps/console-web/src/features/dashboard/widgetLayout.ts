import type { Widget } from '@stowage/contract';
import { formatBytes, formatDuration, formatNumber } from '../../utils/format.js';

export type DashboardTab = 'summary' | 'traffic' | 'resources';

/** Which tab each panel of spec 001 §9 sits on, by widget id; unknown ids go to Summary. */
const TAB_OF: Readonly<Record<number, DashboardTab>> = {
  12: 'traffic',
  13: 'traffic',
  14: 'traffic',
  15: 'traffic',
  16: 'traffic',
  17: 'traffic',
  18: 'traffic',
  19: 'traffic',
  20: 'traffic',
  29: 'traffic',
  21: 'resources',
  22: 'resources',
  23: 'resources',
  24: 'resources',
  25: 'resources',
  26: 'resources',
  27: 'resources',
  28: 'resources',
};

export const tabOf = (w: Pick<Widget, 'id'>): DashboardTab => TAB_OF[w.id] ?? 'summary';

/** Spec 000 §9: an 8-column grid. Graphs take half a row, readings a quarter. */
export const GRID_COLUMNS = 8;
export const spanOf = (w: Pick<Widget, 'type'>): number =>
  w.type === 'linearGraph' || w.type === 'barChart' ? 4 : 2;

const rate = (text: string) => `${text}/s`;

/** The text of one reading in the widget's unit (1024 byte units, thousands separators). */
export function formatWidgetValue(
  unit: Widget['unit'],
  value: number,
  cores: (value: string) => string,
): string {
  switch (unit) {
    case 'bytes':
      return formatBytes(value);
    case 'seconds':
      return formatDuration(value);
    case 'perSecond':
      return rate(value.toFixed(2));
    case 'bytesPerSecond':
      return rate(formatBytes(value));
    case 'cpuSeconds':
      return cores(value.toFixed(2));
    default:
      return formatNumber(value);
  }
}
