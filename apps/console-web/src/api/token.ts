import { getBasePath } from './basePath.js';

/** Spec 000 §9: the session token is stored locally under the key `token` (our CSRF token). */
export const TOKEN_KEY = 'token';

/**
 * A tenant's console framed through operator mode's proxy (`/api/proxy/{ns}/{tenant}`) shares
 * the operator console's origin, so its storage too: it keeps its token under its own key, or
 * each console would send the other's token and have its changes refused. So does each of
 * several deployments in one console (`/d/{id}`): each has its own session, so its own token.
 */
export function tokenKey(basePath = getBasePath()): string {
  return /\/api\/proxy\/|\/d\/[^/]+\/$/.test(`${basePath}/`) ? `${TOKEN_KEY}:${basePath}` : TOKEN_KEY;
}

export function getToken(): string | null {
  return localStorage.getItem(tokenKey());
}

export function setToken(token: string): void {
  localStorage.setItem(tokenKey(), token);
}

export function clearToken(): void {
  localStorage.removeItem(tokenKey());
}
