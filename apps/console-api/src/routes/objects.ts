import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { type Binder, noContent } from '../http/bind.js';
import { downloadFolder, downloadObject } from '../services/objects/download.js';
import { signDownload } from '../services/objects/download-url.js';
import * as edit from '../services/objects/edit.js';
import { listObjects } from '../services/objects/list.js';
import { rewind } from '../services/objects/rewind.js';
import { RecentShareLinks, shareObject } from '../services/objects/share.js';
import { uploadObjects } from '../services/objects/upload.js';
import type { ShareLinks } from '../services/share-links/share-links.js';

/** Served bytes are the user's content: never run as part of the console's page. */
export const DOWNLOAD_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function registerObjectRoutes(
  bind: Binder,
  { gateway, config }: AppDeps,
  shareLinks: ShareLinks,
): void {
  bind.authed(routes.listObjects, ({ session, params, query }) =>
    listObjects(gateway.s3(session.credentials), params.bucket, query),
  );
  bind.authed(routes.rewindObjects, ({ session, params, query }) =>
    rewind(gateway.s3(session.credentials), params.bucket, query.prefix ?? '', new Date(params.date)),
  );
  bind.authed(routes.uploadObjects, ({ session, params, query, request }) =>
    uploadObjects(
      gateway.s3(session.credentials),
      params.bucket,
      query.prefix ?? '',
      request.headers,
      request.raw,
    ),
  );
  bind.authedStream(routes.downloadObject, async ({ session, params, query, request, reply }) => {
    const s3 = gateway.s3(session.credentials);
    const download = query.prefix.endsWith('/')
      ? await downloadFolder(s3, params.bucket, query.prefix)
      : await downloadObject(s3, params.bucket, query.prefix, {
          versionId: query.version_id,
          preview: query.preview ?? false,
          range: request.headers.range,
          ifRange: request.headers['if-range'] as string | undefined,
        });
    return reply
      .code(download.status)
      .headers({
        ...download.headers,
        // Previews show in the console's own frame; downloads are never framed.
        'content-security-policy': query.preview
          ? `${DOWNLOAD_CSP}; frame-ancestors 'self'`
          : `${DOWNLOAD_CSP}; frame-ancestors 'none'`,
        'x-frame-options': query.preview ? 'SAMEORIGIN' : 'DENY',
        'cache-control': 'private, no-store',
      })
      .send(download.body);
  });
  bind.authed(routes.signObjectDownload, ({ session, params, body }) =>
    signDownload(gateway.s3(session.credentials), session.credentials, config, params.bucket, {
      key: body.key,
      versionId: body.version_id,
    }),
  );
  const recentLinks = new RecentShareLinks();
  bind.authed(routes.shareObject, ({ session, params, query, request }) =>
    shareObject(
      gateway,
      shareLinks,
      session,
      request,
      params.bucket,
      query.prefix,
      { versionId: query.version_id, expires: query.expires, downloadLimit: query.download_limit },
      { links: recentLinks, owner: session },
    ),
  );
  bind.authed(routes.deleteObject, ({ session, params, query }) =>
    noContent(
      edit.deletePath(gateway.s3(session.credentials), params.bucket, query.path, {
        versionId: query.version_id,
        recursive: query.recursive,
        allVersions: query.all_versions,
      }),
    ),
  );
  bind.authed(routes.deleteObjects, ({ session, params, body }) =>
    edit.deleteMany(gateway.s3(session.credentials), params.bucket, body),
  );
  bind.authed(routes.putObjectTags, ({ session, params, query, body }) =>
    noContent(
      edit.putTags(gateway.s3(session.credentials), params.bucket, query.prefix, query.version_id, body.tags),
    ),
  );
  bind.authed(routes.putObjectRetention, ({ session, params, query, body }) =>
    noContent(
      edit.putRetention(gateway.s3(session.credentials), params.bucket, query.prefix, query.version_id, body),
    ),
  );
  bind.authed(routes.deleteObjectRetention, ({ session, params, query }) =>
    noContent(
      edit.clearRetention(gateway.s3(session.credentials), params.bucket, query.prefix, query.version_id),
    ),
  );
  bind.authed(routes.putObjectLegalHold, ({ session, params, query, body }) =>
    noContent(
      edit.putLegalHold(
        gateway.s3(session.credentials),
        params.bucket,
        query.prefix,
        query.version_id,
        body.status,
      ),
    ),
  );
}
