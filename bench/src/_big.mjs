import { randomBytes } from 'node:crypto';
import { leanClient } from './lean-s3.mjs';

const c = leanClient(
  process.argv[2],
  { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' },
  { sockets: 8, unsignedPayload: true },
);
await c.createBucket('big').catch(() => {});
const size = Number(process.argv[3]) * 1048576;
const n = Number(process.argv[4]);
const conc = Number(process.argv[5]);
const body = randomBytes(size);
let next = 0;
const t = performance.now();
await Promise.all(
  Array.from({ length: conc }, async () => {
    while (next < n) await c.put('big', `k/${next++}`, body);
  }),
);
console.log('put MiB/s', ((n * size) / 1048576 / ((performance.now() - t) / 1000)).toFixed(0));
c.close();
