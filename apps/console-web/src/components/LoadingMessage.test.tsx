import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders.js';
import { LoadingMessage } from './LoadingMessage.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('Loading..., then slower after 3 s, then with the seconds after 6 s', () => {
  renderWithProviders(<LoadingMessage />);
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(2_000));
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1_000));
  expect(screen.getByText('This operation is taking longer than expected...')).toBeInTheDocument();
  expect(screen.queryByText(/\(\d+s\)/)).not.toBeInTheDocument();
  act(() => vi.advanceTimersByTime(3_000));
  expect(screen.getByText('(6s)')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1_000));
  expect(screen.getByText('(7s)')).toBeInTheDocument();
});
