import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useMatch } from 'react-router';
import { Loading } from '../components/Loading.js';
import { ChunkPending } from '../components/RouteProgress.js';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.js';
import { LoginPage } from '../features/login/LoginPage.js';
import { OAuthCallbackPage } from '../features/login/OAuthCallbackPage.js';
import { useSession } from '../features/session/SessionProvider.js';
import { DropPage } from '../features/share-links/DropPage.js';
import { Layout } from './Layout.js';
import { NotFoundPage } from './NotFoundPage.js';
import { PlaceholderPage } from './PlaceholderPage.js';
import { type AppRoute, allowedRoutes, firstAllowedPath } from './routeTable.js';

/** A screen: its code fetched when first opened (the bar shows meanwhile), and its own error
 *  boundary, reset on every path so leaving a broken screen works. */
function RouteScreen({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  const { Component } = route;
  if (!Component) return <PlaceholderPage title={t(`pages.${route.title}`)} />;
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense
        fallback={
          <>
            <ChunkPending />
            <Loading />
          </>
        }
      >
        <Component />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * Spec 000 §2. Logged out: /login, /404, anything else goes to /login. Logged in: only routes
 * whose page the session allows exist; '/', /login and every other path go to the first of them
 * (the 404 page when the session allows none).
 */
export function AppRoutes() {
  const session = useSession();
  // A drop link's page is public: it shows the same with or without a session.
  const drop = useMatch('/drop/:id');
  if (drop) {
    return (
      <Routes>
        <Route path="/drop/:id" element={<DropPage />} />
      </Routes>
    );
  }

  if (session.status === 'loading') {
    return (
      <main>
        <Loading fullPage />
      </main>
    );
  }

  if (session.status === 'anonymous') {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/oauth_callback" element={<OAuthCallbackPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }

  const routes = allowedRoutes(session.session.pages);
  const home = firstAllowedPath(routes);
  const fallback = home ? <Navigate to={home} replace /> : <NotFoundPage />;
  return (
    <Routes>
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="/oauth_callback" element={<Navigate to="/" replace />} />
      <Route element={<Layout />}>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RouteScreen route={route} />} />
        ))}
      </Route>
      <Route path="*" element={fallback} />
    </Routes>
  );
}
