import type { DeploymentSummary } from '@stowage/contract';
import type { FastifyRequest } from 'fastify';
import { type CookiePolicy, SESSION_COOKIE } from '../session/cookie.js';
import type { SessionStore } from '../session/store.js';

/** One deployment as the others see it: its name and where it is, and how to tell a session there. */
export interface DeploymentEntry {
  id: string;
  name: string;
  /** Its console's base path ('' for the root deployment at the console's own path). */
  basePath: string;
  sessions: SessionStore;
  cookies: CookiePolicy;
}

/**
 * The deployments one console serves. Each page lists them with whether this browser is logged
 * into each: their cookies all reach every deployment's path (cookie.ts), and only the entry's
 * own store can say whether its cookie names a live session. Nothing else of a deployment
 * (address, region, account) is told.
 */
export class DeploymentDirectory {
  constructor(readonly entries: readonly DeploymentEntry[]) {}

  summaries(request: FastifyRequest, currentId: string): DeploymentSummary[] {
    return this.entries.map((d) => ({
      id: d.id,
      name: d.name,
      path: `${d.basePath}/`,
      current: d.id === currentId,
      loggedIn: d.sessions.isLive(d.cookies.read(request, SESSION_COOKIE)),
    }));
  }
}
