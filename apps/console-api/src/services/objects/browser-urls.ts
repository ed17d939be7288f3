import type { ConsoleConfig } from '../../config.js';

// Addresses the browser itself sends S3 requests to (browser-direct uploads and downloads).

/** The storage server as the browser reaches it. */
export const browserServerUrl = (config: ConsoleConfig): string => config.publicServerUrl ?? config.serverUrl;

/** An object's path-style URL on that server: signatures cover its Host and path, so sign this one. */
export function browserObjectUrl(config: ConsoleConfig, bucket: string, key: string): URL {
  const url = new URL(browserServerUrl(config));
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(bucket)}/${key
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;
  return url;
}

/**
 * The page's CSP connect-src beyond itself: the storage server, when uploads or downloads go
 * there (upload parts, and the probes that check the browser reaches it first).
 */
export function browserConnectSources(config: ConsoleConfig): string[] {
  const server = browserServerUrl(config);
  // Operator mode has no storage server of its own (its tenants are reached through it).
  if (!server || (config.uploads?.proxy && config.downloads?.proxy)) return [];
  return [new URL(server).origin];
}
