import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import type { Binder } from '../http/bind.js';
import {
  checkSelection,
  downloadSelection,
  parseSelection,
  SelectionTokens,
} from '../services/objects/download-selection.js';
import { DOWNLOAD_CSP } from './objects.js';

/** Several objects and folders as one ZIP: checked and named by a POST, streamed by a GET. */
export function registerDownloadSelectionRoutes(
  bind: Binder,
  { gateway }: AppDeps,
  tokens = new SelectionTokens(),
): void {
  bind.authed(routes.prepareSelectionDownload, async ({ session, sessionId, params, body }) => {
    const selection = parseSelection(body);
    await checkSelection(gateway.s3(session.credentials), params.bucket, selection);
    return tokens.mint(sessionId, params.bucket, selection);
  });
  bind.authedStream(routes.downloadSelection, async ({ session, sessionId, params, reply }) => {
    const selection = tokens.selection(params.token, sessionId, params.bucket);
    const download = downloadSelection(gateway.s3(session.credentials), params.bucket, selection);
    return reply
      .code(download.status)
      .headers({
        ...download.headers,
        'content-security-policy': `${DOWNLOAD_CSP}; frame-ancestors 'none'`,
        'x-frame-options': 'DENY',
        'cache-control': 'private, no-store',
      })
      .send(download.body);
  });
}
