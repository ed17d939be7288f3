import { RouteProgress } from '../components/RouteProgress.js';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.js';
import { SessionProvider } from '../features/session/SessionProvider.js';
import { AppRoutes } from './router.js';

/** Inside a router: the session bootstrap, then the route table; the loading bar over all. */
export function App() {
  return (
    <SessionProvider>
      <RouteProgress />
      {/* the last resort: each screen has its own boundary inside the layout (router.tsx) */}
      <ScreenErrorBoundary>
        <AppRoutes />
      </ScreenErrorBoundary>
    </SessionProvider>
  );
}
