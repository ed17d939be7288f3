import { sha256Hex, signRequest } from '@stowage/madmin';
import { objectUrl, RestBackend, type RestDialect } from './rest-backend.js';
import { remotePath } from './warm-backend.js';

// S3 and MinIO tiers: path-style S3 calls signed with SigV4. Object data is sent as an
// UNSIGNED-PAYLOAD of declared length (the stream is read once, never buffered whole).

const EMPTY_HASH = sha256Hex('');

export class S3Backend extends RestBackend {
  protected readonly dialect: RestDialect = {
    putHeaders: (size) => ({
      'content-length': String(size),
      ...(this.f.StorageClass ? { 'x-amz-storage-class': this.f.StorageClass } : {}),
    }),
    putOk: 200,
    deleteOk: [200, 204],
    rangeHeader: 'range',
  };

  protected url(name: string): URL {
    return objectUrl(this.f.Endpoint ?? '', this.f.Bucket, remotePath(this.f.Prefix, name));
  }

  protected async sign(method: string, url: URL, extra: Record<string, string>, hasBody: boolean) {
    return signRequest(
      { method, url, headers: extra, payloadHash: hasBody ? 'UNSIGNED-PAYLOAD' : EMPTY_HASH },
      { accessKey: this.f.AccessKey ?? '', secretKey: this.f.SecretKey ?? '' },
      { region: this.f.Region || 'us-east-1', service: 's3' },
    );
  }
}
