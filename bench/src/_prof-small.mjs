import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinSelf } from './cpu.mjs';
import { leanClient } from './lean-s3.mjs';
import { startStoreProcess } from './store-process.mjs';

const CLIENTS = 32,
  OPS = Number(process.env.BENCH_OPS ?? 3000);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const body = randomBytes(4096);
async function ops(count, op) {
  let next = 0;
  const t = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await op(next++);
    }),
  );
  return count / (Number(process.hrtime.bigint() - t) / 1e9);
}
pinSelf(1);
const dir = await mkdtemp(join(tmpdir(), 'stowage-small-'));
const store = await startStoreProcess(
  [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
  ROOT,
  { cpu: 0 },
);
const s3 = leanClient(store.url, ROOT, { sockets: CLIENTS });
await s3.createBucket('small');
await ops(300, (i) => s3.put('small', `warm/${i}`, body));
const mode = process.env.MODE ?? 'both';
let put = 0,
  get = 0;
if (mode !== 'get') put = await ops(OPS, (i) => s3.put('small', `k/${i}`, body));
else await ops(OPS, (i) => s3.put('small', `k/${i}`, body));
if (mode !== 'put')
  get = await ops(OPS * Number(process.env.REPEAT ?? 1), async (i) => {
    const g = await s3.get('small', `k/${i % OPS}`);
    if (g.length !== 4096) throw new Error('short');
  });
console.log(`PUT ${put.toFixed(0)} GET ${get.toFixed(0)}`);
s3.close();
await store.close();
await rm(dir, { recursive: true, force: true });
