import type { ServiceAccountCredentials } from '@stowage/contract';
import { saveFile } from '../../utils/saveFile.js';

export const CREDENTIALS_FILE_NAME = 'credentials.json';

/** The file `mc alias import` reads; the server address is added when the console knows it. */
export function credentialsJson(credentials: ServiceAccountCredentials, url?: string): string {
  const file = { ...(url ? { url } : {}), ...credentials, api: 's3v4', path: 'auto' };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Hands the file to the browser; nothing is kept after the click. */
export function downloadCredentials(credentials: ServiceAccountCredentials): void {
  saveFile(credentialsJson(credentials), CREDENTIALS_FILE_NAME, 'application/json');
}
