import { expect, test } from 'vitest';
import { visibleWindow } from './virtualWindow.js';

const base = { viewport: 400, rowHeight: 40, overscan: 10 };

test('at the top: the 10 rows in view and 10 below', () => {
  expect(visibleWindow({ ...base, scrollTop: 0, count: 1_000_000 })).toEqual({ start: 0, end: 20 });
});

test('deep in a million rows: only the view and its overscan', () => {
  const w = visibleWindow({ ...base, scrollTop: 40 * 500_000, count: 1_000_000 });
  expect(w).toEqual({ start: 499_990, end: 500_020 });
});

test('clamped at the end of a short list', () => {
  expect(visibleWindow({ ...base, scrollTop: 200, count: 12 })).toEqual({ start: 0, end: 12 });
});
