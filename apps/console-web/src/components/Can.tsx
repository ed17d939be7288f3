import type { ReactNode } from 'react';
import { useHasPermission } from '../features/permissions/queries.js';
import { useSession } from '../features/session/SessionProvider.js';

/** True when the session may open routes of this page pattern (a CONSOLE_PAGES key). */
export function useCanOpen(page: string): boolean {
  const session = useSession();
  return session.status === 'authenticated' && session.session.pages.includes(page);
}

/** Renders children only for sessions allowed the page; the server still enforces every call. */
export function Can({ page, children }: { page: string; children: ReactNode }) {
  return useCanOpen(page) ? children : null;
}

/** Renders children only when the session's policy allows the S3 action (spec 001 §6). */
export function CanDo({
  action,
  bucket,
  children,
}: {
  action: string;
  bucket?: string;
  children: ReactNode;
}) {
  return useHasPermission(action, bucket) ? children : null;
}
