import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'token';

export interface CookieOptions {
  basePath: string;
  secure: boolean;
  maxAgeSeconds: number;
}

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it). */
export function setSessionCookie(reply: FastifyReply, id: string, opts: CookieOptions): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: `${opts.basePath}/`,
    httpOnly: true,
    sameSite: 'strict',
    secure: opts.secure,
    maxAge: opts.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, opts: Omit<CookieOptions, 'maxAgeSeconds'>): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: `${opts.basePath}/`,
    httpOnly: true,
    sameSite: 'strict',
    secure: opts.secure,
  });
}

export function sessionIdOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}
