import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeploymentScope } from '../config.js';

/** The session cookie; the pending single sign-on login rides in its own short-lived one. */
export const SESSION_COOKIE = 'token';
export const LOGIN_COOKIE = 'login';

export interface CookiePolicyOptions {
  basePath: string;
  /** The operator says the console is served over TLS: every cookie is Secure. */
  secureCookies: boolean;
  /** One of several deployments: cookies at the console's path, named per deployment. */
  deployment?: DeploymentScope;
}

/**
 * How the console's cookies are named and flagged for one request. They are Secure when the
 * operator says so, or when the request came over TLS; behind a proxy that is what a trusted
 * proxy's X-Forwarded-Proto says (Fastify's request.protocol honours it only for the addresses
 * in the trustProxy setting). A Secure cookie for the whole site takes the `__Host-` prefix,
 * so a sibling subdomain or a plain-HTTP page cannot plant or overwrite it.
 */
export class CookiePolicy {
  constructor(private readonly opts: CookiePolicyOptions) {}

  isSecure(request: FastifyRequest): boolean {
    return this.opts.secureCookies || request.protocol === 'https';
  }

  nameFor(request: FastifyRequest, base: string): string {
    const scope = this.opts.deployment;
    const name = scope && !scope.root ? `${base}-${scope.id}` : base;
    return this.isSecure(request) && this.path() === '/' ? `__Host-${name}` : name;
  }

  /** A deployment's cookies sit at the console's own path, where every deployment's page sees them. */
  private path(): string {
    return `${this.opts.deployment?.consoleBasePath ?? this.opts.basePath}/`;
  }

  /** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it). */
  set(
    request: FastifyRequest,
    reply: FastifyReply,
    base: string,
    value: string,
    maxAgeSeconds: number,
  ): void {
    reply.setCookie(this.nameFor(request, base), value, { ...this.flags(request), maxAge: maxAgeSeconds });
  }

  clear(request: FastifyRequest, reply: FastifyReply, base: string): void {
    reply.clearCookie(this.nameFor(request, base), this.flags(request));
  }

  read(request: FastifyRequest, base: string): string | undefined {
    return request.cookies[this.nameFor(request, base)];
  }

  private flags(request: FastifyRequest) {
    return {
      path: this.path(),
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: this.isSecure(request),
    };
  }
}
