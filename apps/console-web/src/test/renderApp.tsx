import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../api/queryClient.js';
import { App } from '../app/App.js';
import { Providers } from '../app/providers.js';

/** The whole app at `path`, with a fresh cache; mock the network with mockApi first. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, user, queryClient };
}
