import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { Providers } from '../app/providers.js';
import { ChunkPending, RouteProgress } from './RouteProgress.js';

const bar = () => screen.queryByRole('progressbar', { name: 'Loading the screen' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Screen({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['screen'], queryFn: load });
  return <p>{query.data ?? 'waiting'}</p>;
}

describe('RouteProgress', () => {
  it("shows while a screen's data loads for the first time, not while it is refetched", async () => {
    const queryClient = createQueryClient();
    let answer = deferred<string>();
    render(
      <Providers queryClient={queryClient} env="test">
        <RouteProgress />
        <Screen load={() => answer.promise} />
      </Providers>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading the screen' })).toBeInTheDocument();
    await act(async () => answer.resolve('loaded'));
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
    answer = deferred<string>();
    await act(async () => void queryClient.refetchQueries({ queryKey: ['screen'] }));
    expect(queryClient.isFetching()).toBe(1);
    // let the fetching count reach the bar (it is batched to the next tick)
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(bar()).not.toBeInTheDocument();
    await act(async () => answer.resolve('again'));
  });

  it("shows while a screen's code is being fetched (a Suspense fallback is up)", () => {
    const view = render(
      <Providers queryClient={createQueryClient()} env="test">
        <RouteProgress />
        <ChunkPending />
      </Providers>,
    );
    expect(bar()).toBeInTheDocument();
    view.rerender(
      <Providers queryClient={createQueryClient()} env="test">
        <RouteProgress />
      </Providers>,
    );
    expect(bar()).not.toBeInTheDocument();
  });
});
