import { showSnackbar } from '../../components/snackbar.js';
import { i18n } from '../../i18n/index.js';
import { DOWNLOAD_WARNING_BYTES } from './objectPaths.js';
import { objectDownloadUrl } from './queries.js';

/**
 * Hands the download to the browser (it streams to disk with the session cookie, nothing held
 * in the page). Spec 001 §4: a large one announces that it may take a while.
 */
export function startDownload(bucket: string, key: string, size: number, version?: string): void {
  const link = document.createElement('a');
  link.href = objectDownloadUrl(bucket, key, version);
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  if (size > DOWNLOAD_WARNING_BYTES) showSnackbar(i18n.t('objects.downloadStarted'));
}
