import { SessionProvider } from '../features/session/SessionProvider.js';
import { AppRoutes } from './router.js';

/** Inside a router: the session bootstrap, then the route table. */
export function App() {
  return (
    <SessionProvider>
      <AppRoutes />
    </SessionProvider>
  );
}
