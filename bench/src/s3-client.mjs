// The AWS SDK client the big benchmarks use as the direct peer of the store.
import { S3Client } from '@aws-sdk/client-s3';

export function s3For(url, credentials) {
  return new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey },
  });
}
