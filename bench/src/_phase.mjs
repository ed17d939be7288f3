import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { leanClient } from './lean-s3.mjs';

const [url, pid] = [process.argv[2], Number(process.argv[3])];
const cpu = (p) => {
  const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const c = leanClient(url, { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' });
await c.createBucket('small').catch(() => {});
const body = randomBytes(4096);
async function run(name, n, op) {
  let next = 0;
  const s0 = cpu(pid),
    c0 = cpu(process.pid);
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) await op(next++);
    }),
  );
  const dt = (performance.now() - t) / 1000;
  console.log(
    name,
    (n / dt).toFixed(0),
    'ops/s; server cpu/op',
    (((cpu(pid) - s0) / n) * 1e6).toFixed(0),
    'us; client cpu/op',
    (((cpu(process.pid) - c0) / n) * 1e6).toFixed(0),
    'us',
  );
}
await run('warm', 1000, (i) => c.put('small', `w/${i}`, body));
await run('put', 6000, (i) => c.put('small', `k/${i}`, body));
await run('get', 6000, (i) => c.get('small', `k/${i}`));
c.close();
