import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/index.js';
import { ERROR_BANNER_TIMEOUT_MS, ErrorBanner } from './ErrorBanner.js';

function renderBanner(details?: string) {
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <ErrorBanner error={{ message: 'Invalid Login', details }} onClose={onClose} />
    </MantineProvider>,
  );
  return onClose;
}

describe('ErrorBanner', () => {
  it("is titled 'Error' and shows Details only when there are some", () => {
    renderBanner();
    expect(screen.getByRole('alert')).toHaveTextContent('Error');
    expect(screen.queryByText('Details')).not.toBeInTheDocument();
  });

  it('hides itself after 10 s, pausing while hovered', () => {
    vi.useFakeTimers();
    const onClose = renderBanner('More');
    const banner = screen.getByRole('alert');

    act(() => vi.advanceTimersByTime(ERROR_BANNER_TIMEOUT_MS - 1000));
    fireEvent.mouseEnter(banner);
    act(() => vi.advanceTimersByTime(ERROR_BANNER_TIMEOUT_MS * 2));
    expect(onClose).not.toHaveBeenCalled();

    // Leaving restarts the full timeout.
    fireEvent.mouseLeave(banner);
    act(() => vi.advanceTimersByTime(ERROR_BANNER_TIMEOUT_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
