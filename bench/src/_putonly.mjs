import { randomBytes } from 'node:crypto';
import { leanClient } from './lean-s3.mjs';

const c = leanClient(process.argv[2], { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' });
await c.createBucket('small').catch(() => {});
const body = randomBytes(4096);
const mode = process.argv[3];
async function run(n, op) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) await op(next++);
    }),
  );
  return ((n / (performance.now() - t)) * 1000).toFixed(0);
}
if (mode === 'put') console.log('put', await run(8000, (i) => c.put('small', `k/${i}`, body)));
else {
  await run(2000, (i) => c.put('small', `k/${i}`, body));
  console.log('get', await run(10000, (i) => c.get('small', `k/${i % 2000}`)));
}
c.close();
