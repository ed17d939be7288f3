import { useTranslation } from 'react-i18next';
import type { DisplayError } from '../../components/ErrorBanner.js';
import { showSnackbar } from '../../components/snackbar.js';
import { saveFromUrl } from './download.js';
import { selectionDownloadUrl, usePrepareSelectionDownload } from './queries.js';
import type { ObjectSelection } from './selection.js';

/**
 * Download Selected: the server checks the selection (a denied or missing key is refused here,
 * with its reason) and names it; the browser then downloads the ZIP itself, streamed to disk.
 */
export function useSelectionDownload(bucket: string, prefix: string, selection: ObjectSelection) {
  const { t } = useTranslation();
  const prepare = usePrepareSelectionDownload(bucket);
  const start = () =>
    prepare.mutate(
      { prefix, keys: selection.keys, prefixes: selection.prefixes },
      {
        onSuccess: ({ token }) => {
          saveFromUrl(selectionDownloadUrl(bucket, token));
          showSnackbar(t('objects.downloadStarted'));
        },
        onError: (error) => {
          const { message, details } = error as DisplayError;
          showSnackbar(t('objects.downloadSelectedFailed'), 'error', details || message);
        },
      },
    );
  return { start, pending: prepare.isPending };
}
