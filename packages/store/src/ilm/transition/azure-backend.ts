import { createHmac } from 'node:crypto';
import { objectUrl, RestBackend, type RestDialect } from './rest-backend.js';
import { remotePath } from './warm-backend.js';

// Azure tiers: Blob service REST calls signed with the account's Shared Key. The service URL
// is the tier's Endpoint when given (Azurite: http://host:10000/<account>), else the
// account's own https://<account>.blob.core.windows.net, as MinIO's Azure tier picks it.

const API_VERSION = '2021-08-06';

export class AzureBackend extends RestBackend {
  protected readonly dialect: RestDialect = {
    putHeaders: (size) => ({
      'content-length': String(size),
      'x-ms-blob-type': 'BlockBlob',
      ...(this.f.StorageClass ? { 'x-ms-access-tier': this.f.StorageClass } : {}),
    }),
    putOk: 201,
    deleteOk: [202],
    rangeHeader: 'x-ms-range',
  };

  protected url(name: string): URL {
    const service = this.f.Endpoint || `https://${this.f.AccountName}.blob.core.windows.net`;
    return objectUrl(service, this.f.Bucket, remotePath(this.f.Prefix, name));
  }

  protected async sign(method: string, url: URL, extra: Record<string, string>) {
    const headers: Record<string, string> = {
      ...extra,
      'x-ms-date': new Date().toUTCString(),
      'x-ms-version': API_VERSION,
    };
    headers.authorization = sharedKey(
      this.f.AccountName ?? '',
      this.f.AccountKey ?? '',
      method,
      url,
      headers,
    );
    return headers;
  }
}

/** The Shared Key Authorization of one Blob call (the 2009-09-19 and later string to sign). */
export function sharedKey(
  account: string,
  accountKey: string,
  method: string,
  url: URL,
  headers: Record<string, string>,
): string {
  const h = (n: string) => headers[n] ?? '';
  const msHeaders = Object.keys(headers)
    .filter((n) => n.startsWith('x-ms-'))
    .sort()
    .map((n) => `${n}:${headers[n]!.trim()}\n`)
    .join('');
  const query = [...new Set(url.searchParams.keys())]
    .sort()
    .map((k) => `\n${k.toLowerCase()}:${url.searchParams.getAll(k).join(',')}`)
    .join('');
  const toSign = [
    method,
    h('content-encoding'),
    h('content-language'),
    h('content-length') === '0' ? '' : h('content-length'),
    h('content-md5'),
    h('content-type'),
    '', // Date: x-ms-date is sent instead
    h('if-modified-since'),
    h('if-match'),
    h('if-none-match'),
    h('if-unmodified-since'),
    '', // Range: x-ms-range is sent instead
    `${msHeaders}/${account}${url.pathname}${query}`,
  ].join('\n');
  const mac = createHmac('sha256', Buffer.from(accountKey, 'base64')).update(toSign, 'utf8').digest('base64');
  return `SharedKey ${account}:${mac}`;
}
