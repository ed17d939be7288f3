import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ActionGrants, OperatorPermissions } from '@stowage/contract';
import type { Credentials } from '@stowage/madmin';
import type { PolicyRule } from './grants.js';

/** Where the user's identity lives: the server's own users, a directory, or an OpenID provider. */
export type Identity = 'builtin' | 'ldap' | 'openid' | 'kubernetes';

/** Operator mode: the user's Kubernetes token and what the cluster's RBAC lets it change. */
export interface KubeSession {
  token: string;
  permissions: OperatorPermissions;
}

/** What the console keeps for a logged-in user. Never sent to the browser. */
export interface Session {
  /** Temporary credentials from STS; the user's long-term secret is never kept. */
  credentials: Credentials;
  credentialsExpireAt: number;
  /** The key the user logged in with (for change-password and "not your own user" rules). */
  accountAccessKey: string;
  identity: Identity;
  grants: ActionGrants;
  /** The effective policy's statements, for has-permission. */
  rules: PolicyRule[];
  distributedMode: boolean;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  /** When grants, rules and distributedMode were last read from the server. */
  grantsReadAt: number;
  /** Operator mode only. */
  kube?: KubeSession;
}

/** What a session holds about the user's rights, re-read from the server while it lives. */
export type SessionView = Pick<Session, 'grants' | 'rules' | 'distributedMode'>;

export type NewSessionInput = Omit<Session, 'csrfToken' | 'createdAt' | 'lastSeenAt' | 'grantsReadAt'>;

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
  /** A session's view of its rights older than this is read again before it is used. */
  refreshMs?: number;
}

/** Sessions by the SHA-256 of their id, so a heap dump does not hand out live cookies. */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  constructor(
    private readonly timeouts: SessionTimeouts,
    private readonly now: () => number = Date.now,
  ) {}

  create(input: NewSessionInput): { id: string; session: Session } {
    this.sweep();
    const id = randomBytes(32).toString('base64url');
    const t = this.now();
    const session: Session = {
      ...input,
      csrfToken: randomBytes(24).toString('base64url'),
      createdAt: t,
      lastSeenAt: t,
      grantsReadAt: t,
    };
    this.#sessions.set(digest(id), session);
    return { id, session };
  }

  /** The live session for a cookie value, refreshed; undefined when unknown, revoked or expired. */
  touch(id: string | undefined): Session | undefined {
    const session = this.live(id);
    if (session) session.lastSeenAt = this.now();
    return session;
  }

  /** Whether a cookie value names a live session, without counting as use (the deployment list). */
  isLive(id: string | undefined): boolean {
    return this.live(id) !== undefined;
  }

  private live(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const key = digest(id);
    const session = this.#sessions.get(key);
    if (!session) return undefined;
    const t = this.now();
    const expired =
      t - session.lastSeenAt > this.timeouts.idleMs ||
      t - session.createdAt > this.timeouts.absoluteMs ||
      t >= session.credentialsExpireAt;
    if (expired) {
      this.#sessions.delete(key);
      return undefined;
    }
    return session;
  }

  revoke(id: string | undefined): void {
    if (id) this.#sessions.delete(digest(id));
  }

  /** Ends every session of one user (a password change), but the one with `keep`'s id. */
  revokeAccount(accountAccessKey: string, identity: Identity, keep?: string): number {
    const kept = keep === undefined ? undefined : digest(keep);
    let ended = 0;
    for (const [key, s] of this.#sessions) {
      if (key === kept || s.accountAccessKey !== accountAccessKey || s.identity !== identity) continue;
      this.#sessions.delete(key);
      ended += 1;
    }
    return ended;
  }

  /** Whether a session's rights should be read again before it answers. */
  isStale(session: Session): boolean {
    return this.now() - session.grantsReadAt >= (this.timeouts.refreshMs ?? 60_000);
  }

  /** Every session reads its rights again at its next request (a policy changed here). */
  markAllStale(): void {
    for (const s of this.#sessions.values()) s.grantsReadAt = Number.NEGATIVE_INFINITY;
  }

  /** A fresh view of the session's rights, read from the server just now. */
  refresh(session: Session, view: SessionView): void {
    session.grants = view.grants;
    session.rules = view.rules;
    session.distributedMode = view.distributedMode;
    session.grantsReadAt = this.now();
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** Drop expired sessions; called on create so the map cannot grow without bound. */
  sweep(): void {
    const t = this.now();
    for (const [key, s] of this.#sessions) {
      if (t - s.lastSeenAt > this.timeouts.idleMs || t - s.createdAt > this.timeouts.absoluteMs) {
        this.#sessions.delete(key);
      }
    }
  }
}

function digest(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export function csrfMatches(expected: string, received: string | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
