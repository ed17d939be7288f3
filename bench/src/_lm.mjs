import { rmSync } from 'node:fs';
import { open } from 'lmdb';

rmSync('/tmp/lm/db', { recursive: true, force: true });
const envs = [0, 1, 2, 3].map((i) => {
  const env = open({
    path: `/tmp/lm/db/${i}`,
    maxDbs: 8,
    compression: false,
    cache: false,
    keyEncoding: 'binary',
    ...(process.argv[2] === 'nosync' ? { noSync: true } : {}),
  });
  return { env, db: env.openDB({ name: 'o', encoding: 'binary', keyEncoding: 'binary' }) };
});
const v = Buffer.alloc(2300, 1);
let next = 0;
const N = 8000;
const t = performance.now();
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (next < N) {
      const k = Buffer.from(`b\0k/${next++}`);
      await Promise.all(
        envs.map(({ env, db }) =>
          env.transaction(() => {
            db.get(k);
            db.put(k, v);
          }),
        ),
      );
    }
  }),
);
console.log(process.argv[2] ?? 'sync', ((N / (performance.now() - t)) * 1000).toFixed(0), 'ops/s');
for (const e of envs) await e.env.close();
