import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../api/queryClient.js';
import { Providers } from '../app/providers.js';

/** One component with the app's providers (theme, i18n, query cache), outside the router. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const wrap = (node: ReactElement) => (
    <Providers queryClient={queryClient} env="test">
      {node}
    </Providers>
  );
  const view = render(wrap(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)) };
}
