import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { type Binder, noContent } from '../http/bind.js';
import * as uploads from '../services/objects/multipart-upload.js';

/** Browser-direct uploads: the console signs, the browser sends the bytes to the server. */
export function registerUploadRoutes(bind: Binder, { gateway, config }: AppDeps): void {
  bind.authed(routes.getUploadSettings, async () => uploads.uploadSettings(config));
  bind.authed(routes.createUpload, ({ session, params, body }) =>
    uploads.createUpload(gateway.s3(session.credentials), session.rules, config, params.bucket, body),
  );
  bind.authed(routes.signUploadParts, async ({ session, params, body }) =>
    uploads.signParts(session.credentials, session.rules, config, params.bucket, {
      key: body.key,
      uploadId: body.upload_id,
      partNumbers: body.part_numbers,
      checksumAlgorithm: body.checksum_algorithm,
      checksums: body.checksums,
    }),
  );
  bind.authed(routes.signUploadPut, async ({ session, params, body }) =>
    uploads.signPut(session.credentials, session.rules, config, params.bucket, {
      key: body.key,
      size: body.size,
      checksumAlgorithm: body.checksum_algorithm,
      checksum: body.checksum,
    }),
  );
  bind.authed(routes.listUploadParts, ({ session, params, query }) =>
    uploads.listParts(gateway.s3(session.credentials), params.bucket, query.key, query.upload_id),
  );
  bind.authed(routes.completeUpload, ({ session, params, body }) =>
    uploads.completeUpload(gateway.s3(session.credentials), session.rules, params.bucket, body),
  );
  bind.authed(routes.abortUpload, ({ session, params, query }) =>
    noContent(
      uploads.abortUpload(gateway.s3(session.credentials), params.bucket, query.key, query.upload_id),
    ),
  );
}
