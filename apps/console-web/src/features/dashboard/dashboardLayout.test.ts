import { describe, expect, it } from 'vitest';
import {
  arrange,
  arrangementOf,
  DEFAULT_ARRANGEMENT,
  EMPTY_LAYOUTS,
  LAYOUT_VERSION,
  moveWidget,
  parseLayouts,
  serializeLayouts,
  toggleHidden,
  withArrangement,
} from './dashboardLayout.js';
import { tabOf } from './widgetLayout.js';

const ids = (list: { widget: { id: number }; hidden: boolean }[]) =>
  list.map((p) => (p.hidden ? -p.widget.id : p.widget.id));
const widgets = [1, 2, 3, 12, 13].map((id) => ({ id }));

describe('stored layouts', () => {
  it('round-trips per user as encoded JSON, any user name', () => {
    const layouts = withArrangement(
      withArrangement(EMPTY_LAYOUTS, 'admin', { order: [3, 1], hidden: [2] }),
      'zoë@example',
      { order: [], hidden: [1] },
    );
    const raw = serializeLayouts(layouts);
    expect(raw).not.toContain('{'); // encoded, as spec 001 §9 keeps it
    const back = parseLayouts(raw);
    expect(back.version).toBe(LAYOUT_VERSION);
    expect(arrangementOf(back, 'admin')).toEqual({ order: [3, 1], hidden: [2] });
    expect(arrangementOf(back, 'zoë@example')).toEqual({ order: [], hidden: [1] });
    expect(arrangementOf(back, 'someone-else')).toEqual(DEFAULT_ARRANGEMENT);
  });

  it("migrates the original console's shared grid layout (version 0) to the next user who reads it", () => {
    // react-grid-layout items as the original console kept them, encoded.
    const old = [
      { i: '2', x: 2, y: 0, w: 2, h: 1 },
      { i: '12', x: 0, y: 1, w: 4, h: 2 },
      { i: '1', x: 0, y: 0, w: 2, h: 1 },
    ];
    for (const raw of [btoa(JSON.stringify(old)), JSON.stringify(old)]) {
      const layouts = parseLayouts(raw);
      expect(arrangementOf(layouts, 'admin')).toEqual({ order: [1, 2, 12], hidden: [] });
      // Once a user keeps an arrangement, the old shared one is theirs and gone for others.
      const claimed = withArrangement(layouts, 'admin', arrangementOf(layouts, 'admin'));
      expect(arrangementOf(claimed, 'auditor')).toEqual(DEFAULT_ARRANGEMENT);
    }
  });

  it('reads anything else (garbage, unknown versions, bad entries) as the default', () => {
    for (const raw of [null, '', 'not base64 !!', btoa('{"version":99,"users":{}}'), btoa('42')])
      expect(parseLayouts(raw)).toEqual(EMPTY_LAYOUTS);
    const mixed = parseLayouts(
      btoa(JSON.stringify({ version: 1, users: { ok: { order: [1], hidden: [] }, bad: { order: 'x' } } })),
    );
    expect(Object.keys(mixed.users)).toEqual(['ok']);
  });
});

describe('arranging widgets', () => {
  it("puts the user's order first, new widgets after in the server's order, and marks hidden ones", () => {
    expect(ids(arrange(widgets, { order: [3, 1], hidden: [2] }))).toEqual([3, 1, -2, 12, 13]);
  });

  it('moves a widget past its neighbour on the same tab only, and not past either end', () => {
    // 3 is the last Summary widget and 1 the first: they stay where they are.
    expect(moveWidget(widgets, DEFAULT_ARRANGEMENT, 3, 1, tabOf)).toEqual(DEFAULT_ARRANGEMENT);
    expect(moveWidget(widgets, DEFAULT_ARRANGEMENT, 1, -1, tabOf)).toEqual(DEFAULT_ARRANGEMENT);
    const moved = moveWidget(widgets, DEFAULT_ARRANGEMENT, 13, -1, tabOf);
    expect(moved.order).toEqual([1, 2, 3, 13, 12]);
    // With a Traffic widget between two Summary ones, Summary moves swap the Summary pair.
    const interleaved = { order: [1, 12, 2, 3, 13], hidden: [] };
    expect(moveWidget(widgets, interleaved, 2, -1, tabOf).order).toEqual([2, 12, 1, 3, 13]);
  });

  it('hides and shows again', () => {
    const hidden = toggleHidden(DEFAULT_ARRANGEMENT, 2);
    expect(hidden.hidden).toEqual([2]);
    expect(toggleHidden(hidden, 2).hidden).toEqual([]);
  });
});
