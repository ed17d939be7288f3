import type { SessionResponse } from '@stowage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { sessionKeys } from '../../api/queryKeys.js';
import { onSessionEnd } from '../../api/sessionEvents.js';
import { resetServerState } from '../../app/serverState.js';
import { useDeploymentsQuery } from '../deployments/queries.js';
import { useSessionQuery } from './queries.js';

export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; session: SessionResponse };

/** Pages a visitor without a session may stay on. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/login', '/oauth_callback', '/404']);
/** Drop links' pages (/drop/{id}) are for visitors without an account. */
const isPublicPath = (path: string) => PUBLIC_PATHS.has(path) || path.startsWith('/drop/');

const SessionContext = createContext<SessionState>({ status: 'loading' });

/** Bootstraps the session (spec 000 §4) and turns every session end into a trip to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useSessionQuery();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();

  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  useEffect(
    () =>
      onSessionEnd(() => {
        queryClient.setQueryData(sessionKeys.current(), null);
        resetServerState();
        // The single sign-on callback must survive the 401 of the first session read.
        if (!isPublicPath(pathnameRef.current)) void navigate('/login', { replace: true });
      }),
    [queryClient, navigate],
  );

  const state = useMemo<SessionState>(() => {
    if (query.isPending) return { status: 'loading' };
    // Spec 000 §8: a failed session fetch means logged out.
    if (query.isError || !query.data) return { status: 'anonymous' };
    return { status: 'authenticated', session: query.data };
  }, [query.isPending, query.isError, query.data]);

  const operator = state.status === 'authenticated' && state.session.operator;
  // With several deployments, the title names the one this page belongs to.
  const deployment = useDeploymentsQuery().data?.find((d) => d.current)?.name;
  useEffect(() => {
    const title = operator ? t('app.operatorTitle') : t('app.name');
    document.title = deployment ? t('deployments.title', { title, name: deployment }) : title;
  }, [operator, deployment, t]);

  return <SessionContext value={state}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
