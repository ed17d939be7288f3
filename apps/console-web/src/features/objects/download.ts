import { showSnackbar } from '../../components/snackbar.js';
import { i18n } from '../../i18n/index.js';
import { DOWNLOAD_WARNING_BYTES } from './objectPaths.js';
import { objectDownloadUrl } from './queries.js';

/**
 * Hands the download to the browser (it streams to disk with the session cookie, nothing held
 * in the page). Spec 001 §4: a large one announces that it may take a while.
 */
export function startDownload(bucket: string, key: string, size: number, version?: string): void {
  saveFromUrl(objectDownloadUrl(bucket, key, version));
  if (size > DOWNLOAD_WARNING_BYTES) showSnackbar(i18n.t('objects.downloadStarted'));
}

/** The browser's own download of a console URL: a link click, so it lands in the downloads list. */
export function saveFromUrl(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
