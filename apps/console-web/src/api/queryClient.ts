import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: a 401 or an unreachable backend already ends the session (spec 000 §8),
 * and the login screen offers its own Retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
