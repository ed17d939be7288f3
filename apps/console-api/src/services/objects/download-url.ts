import { DOWNLOAD_URL_SECONDS, type DownloadUrlResponse } from '@stowage/contract';
import { type Credentials, presignUrl } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import type { ConsoleConfig } from '../../config.js';
import { browserObjectUrl } from './browser-urls.js';
import { contentDisposition } from './download.js';
import { versionQuery } from './version.js';

// Browser-direct downloads: the console signs a GetObject of one object for the browser, which
// downloads it from the storage server; the bytes never pass through the console.

export interface DownloadTarget {
  key: string;
  versionId?: string | undefined;
}

export async function signDownload(
  s3: S3Client,
  session: Credentials,
  config: ConsoleConfig,
  bucket: string,
  target: DownloadTarget,
  now = new Date(),
): Promise<DownloadUrlResponse> {
  if (config.downloads?.proxy) return { mode: 'proxy' };
  // Asked with the session's own credentials, as the download will be: an object it may not
  // read, or one gone, is a clear error in the page rather than a failed file in the browser's
  // downloads list.
  await storageCall(s3.statObject(bucket, target.key, versionQuery(target.versionId)));
  const url = browserObjectUrl(config, bucket, target.key);
  if (target.versionId) url.searchParams.set('versionId', target.versionId);
  url.searchParams.set('response-content-disposition', contentDisposition(target.key, false));
  return {
    mode: 'direct',
    url: presignUrl({
      method: 'GET',
      url,
      creds: session,
      region: config.region,
      expiresSeconds: DOWNLOAD_URL_SECONDS,
      now,
    }).toString(),
    expires_at: new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
