import type { ServiceAccountCredentials } from '@stowage/contract';

export const CREDENTIALS_FILE_NAME = 'credentials.json';

/** The file `mc alias import` reads; the server address is added when the console knows it. */
export function credentialsJson(credentials: ServiceAccountCredentials, url?: string): string {
  const file = { ...(url ? { url } : {}), ...credentials, api: 's3v4', path: 'auto' };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Hands the file to the browser; nothing is kept after the click. */
export function downloadCredentials(credentials: ServiceAccountCredentials): void {
  const blob = new Blob([credentialsJson(credentials)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = CREDENTIALS_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
