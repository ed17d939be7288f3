/**
 * Spec 000 "Base path": the console may run under any prefix. The server rewrites
 * `<base href>`, so `document.baseURI` carries it; a page served through the operator's tenant
 * proxy (`/api/proxy/{namespace}/{tenant}/…`) uses those first five path segments instead.
 */
export function deriveBasePath(baseURI: string, pathname: string): string {
  if (pathname.startsWith('/api/proxy/')) {
    return trimSlash(pathname.split('/').slice(0, 5).join('/'));
  }
  return trimSlash(new URL(baseURI).pathname);
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '');
}

let current =
  typeof document === 'undefined' ? '' : deriveBasePath(document.baseURI, window.location.pathname);

/** '' or a prefix such as '/console' (never a trailing slash). */
export function getBasePath(): string {
  return current;
}

/** For tests: the app derives it once at start-up. */
export function setBasePath(path: string): void {
  current = trimSlash(path);
}
