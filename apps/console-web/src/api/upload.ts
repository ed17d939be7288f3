import { routes } from '@stowage/contract/route-index';
import { networkError, toApiError } from './ApiError.js';
import { apiUrl } from './client.js';
import { endSession } from './sessionEvents.js';
import { getToken } from './token.js';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadFileOptions {
  bucket: string;
  /** The folder the file goes into ('' for the bucket's root). */
  prefix: string;
  /** The name below the prefix; may hold slashes (a folder upload's relative path). */
  name: string;
  file: Blob;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /buckets/{bucket}/objects/upload for one file. XMLHttpRequest rather than fetch: only
 * it reports upload progress. The body streams from disk, so a 1 GiB file is never in memory.
 */
export function uploadFile({
  bucket,
  prefix,
  name,
  file,
  onProgress,
  signal,
}: UploadFileOptions): Promise<void> {
  const path = routes.uploadObjects.path.replace(':bucket', encodeURIComponent(bucket));
  const form = new FormData();
  // The field name is the object's name below the prefix (the server's contract).
  form.append(name, file, name.slice(name.lastIndexOf('/') + 1));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, { prefix: prefix || undefined }));
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = getToken();
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.upload.onprogress = (e) =>
      onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve();
        return;
      }
      if (xhr.status === 401) endSession();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
