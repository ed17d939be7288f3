import { leanClient } from './lean-s3.mjs';

const c = leanClient(process.argv[2], { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' });
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
await run(2000, (i) => c.get('small', `k/${i}`));
console.log('get', await run(12000, (i) => c.get('small', `k/${i % 8000}`)));
c.close();
