import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.js';
import { useWidgetTitle } from './widgetTitle.js';

describe('useWidgetTitle', () => {
  it('translates a known widget by its id, whatever title the server sent', () => {
    const { result } = renderHook(() => useWidgetTitle({ id: 1, title: 'Betriebszeit' }));
    expect(result.current).toBe('Uptime');
  });

  it("keeps the server's title for a widget the web app does not know", () => {
    const { result } = renderHook(() => useWidgetTitle({ id: 9999, title: 'Replication Lag' }));
    expect(result.current).toBe('Replication Lag');
  });
});
