import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './externalStore.js';

describe('createStore', () => {
  it('holds a value, replaces it and tells each listener once per set', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ count: 1 });
    store.set({ count: store.get().count + 1 });
    expect(store.get()).toEqual({ count: 2 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a quiet set replaces the value without telling anyone', () => {
    const store = createStore(0);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(5, { quiet: true });
    expect(store.get()).toBe(5);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops telling a listener once it unsubscribed', () => {
    const store = createStore('a');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.set('b');
    expect(listener).not.toHaveBeenCalled();
  });
});

const store = createStore({ name: 'x', count: 1 });
const selectCount = (s: { count: number }) => s.count;
function Whole() {
  return <p data-testid="whole">{useStore(store).name}</p>;
}
function Part() {
  return <p data-testid="part">{useStore(store, selectCount)}</p>;
}

describe('useStore', () => {
  it('re-renders with the whole value or the selected part', () => {
    render(
      <>
        <Whole />
        <Part />
      </>,
    );
    expect(screen.getByTestId('whole').textContent).toBe('x');
    expect(screen.getByTestId('part').textContent).toBe('1');
    act(() => store.set({ name: 'y', count: 2 }));
    expect(screen.getByTestId('whole').textContent).toBe('y');
    expect(screen.getByTestId('part').textContent).toBe('2');
  });
});
