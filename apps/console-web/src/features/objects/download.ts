import { useTranslation } from 'react-i18next';
import type { DisplayError } from '../../components/ErrorBanner.js';
import { showSnackbar } from '../../components/snackbar.js';
import { DOWNLOAD_WARNING_BYTES } from './objectPaths.js';
import { objectDownloadUrl, useSignObjectDownload } from './queries.js';
import { canReachUrl } from './uploads/probe.js';

/**
 * Download of one object, handed to the browser (it streams to disk, nothing held in the page):
 * straight from the storage server by a URL the console signs, or through the console where the
 * console says so or the browser cannot reach the server. Spec 001 §4: a large one announces
 * that it may take a while.
 */
export function useObjectDownload(bucket: string) {
  const { t } = useTranslation();
  const sign = useSignObjectDownload(bucket);
  // mutateAsync, not mutate: each click keeps its own answer when several overlap.
  return (key: string, size: number, version?: string) =>
    sign.mutateAsync({ key, version }).then(
      async (answer) => {
        const direct =
          answer.mode === 'direct' && answer.url !== undefined && (await canReachUrl(answer.url));
        saveFromUrl(direct && answer.url ? answer.url : objectDownloadUrl(bucket, key, version));
        if (size > DOWNLOAD_WARNING_BYTES) showSnackbar(t('objects.downloadStarted'));
      },
      (error: unknown) => {
        const { message, details } = error as DisplayError;
        showSnackbar(t('objects.downloadFailed'), 'error', details || message);
      },
    );
}

/** The browser's own download of a URL: a link click, so it lands in the downloads list. */
export function saveFromUrl(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
