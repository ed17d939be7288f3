import { randomBytes } from 'node:crypto';
import { leanClient } from './lean-s3.mjs';

const c = leanClient(process.argv[2], {
  accessKey: process.argv[3] ?? 'benchadmin',
  secretKey: process.argv[4] ?? 'bench-secret-key-123',
});
await c.createBucket('small').catch(() => {});
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
console.log('put', (await run(6000, (i) => c.put('small', `k/${i}`, body))).toFixed(0));
console.log('get', (await run(6000, (i) => c.get('small', `k/${i}`))).toFixed(0));
c.close();
