// One part PUT to the storage server with XMLHttpRequest (fetch reports no upload progress).
// The Blob slice streams from disk; nothing is copied into memory here.

export class PartError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface SendPartOptions {
  signal?: AbortSignal;
  onProgress?: (loaded: number) => void;
}

/** PUTs a part to a presigned URL; resolves with the ETag the server gives it. */
export type PartSender = (
  url: string,
  body: Blob,
  headers: Record<string, string>,
  opts: SendPartOptions,
) => Promise<string>;

export const sendPart: PartSender = (url, body, headers, { signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader('ETag')?.replace(/"/g, '');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else {
        const code = xhr.responseText.match(/<Code>([^<]*)<\/Code>/)?.[1];
        reject(new PartError(code ?? `HTTP ${xhr.status}`, xhr.status));
      }
    };
    xhr.onerror = () => reject(new PartError('the storage server cannot be reached', 0));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
