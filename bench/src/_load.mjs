import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';

const url = process.argv[2];
const s3 = new S3Client({
  endpoint: url,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'benchadmin', secretAccessKey: 'bench-secret-key-123' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  requestHandler: new NodeHttpHandler({ httpAgent: { keepAlive: true, maxSockets: 32 } }),
});
await s3.send(new CreateBucketCommand({ Bucket: 'small' })).catch(() => {});
const body = randomBytes(4096);
async function run(n, op) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) await op(next++);
    }),
  );
  return (n / (performance.now() - t)) * 1000;
}
console.log(
  'put',
  (
    await run(4000, (i) => s3.send(new PutObjectCommand({ Bucket: 'small', Key: `k/${i}`, Body: body })))
  ).toFixed(0),
);
console.log(
  'get',
  (
    await run(4000, async (i) => {
      const r = await s3.send(new GetObjectCommand({ Bucket: 'small', Key: `k/${i}` }));
      await r.Body.transformToByteArray();
    })
  ).toFixed(0),
);
