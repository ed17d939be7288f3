import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { Providers } from '../app/providers.js';
import { CSV_DEBOUNCE_MS, CsvInput } from './CsvInput.js';

function renderCsv(value: string) {
  const onChange = vi.fn();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <CsvInput label="Drives" value={value} onChange={onChange} />
    </Providers>,
  );
  return onChange;
}

describe('CsvInput', () => {
  it('shows one input per item plus a blank one, and emits 500 ms after the last change', () => {
    vi.useFakeTimers();
    const onChange = renderCsv('/a, /b');
    expect(screen.getByRole('textbox', { name: 'Drives 1' })).toHaveValue('/a');
    expect(screen.getByRole('textbox', { name: 'Drives 2' })).toHaveValue('/b');
    expect(screen.getByRole('textbox', { name: 'Drives 3' })).toHaveValue('');

    fireEvent.change(screen.getByRole('textbox', { name: 'Drives 3' }), { target: { value: '/c' } });
    expect(screen.getByRole('textbox', { name: 'Drives 4' })).toHaveValue('');
    act(() => vi.advanceTimersByTime(CSV_DEBOUNCE_MS - 100));
    fireEvent.change(screen.getByRole('textbox', { name: 'Drives 3' }), { target: { value: '/cc' } });
    act(() => vi.advanceTimersByTime(CSV_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledWith('/a,/b,/cc');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Drives 1' }));
    act(() => vi.advanceTimersByTime(CSV_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith('/b,/cc');
  });
});
