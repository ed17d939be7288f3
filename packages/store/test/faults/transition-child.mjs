// A store in its own process that transitions on command, for kill -9 during a transition:
// each stdin line `<bucket> <key> <tier>` runs transitionVersion; stdout says `ok` or
// `error <message>`. Runs the compiled package (dist), as store-child.mjs does.
import { createInterface } from 'node:readline';
import { startStore } from '../../dist/index.js';

const store = await startStore({
  drives: process.argv.slice(2),
  rootCredentials: {
    accessKey: process.env.STOWAGE_ROOT_USER ?? 'stowage-root',
    secretKey: process.env.STOWAGE_ROOT_PASSWORD ?? 'stowage-root-secret',
  },
});
process.stdout.write(`${store.url}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const [bucket, key, tier] = line.split(' ');
  try {
    await store.transitions.transitionVersion(bucket, key, undefined, tier);
    process.stdout.write('ok\n');
  } catch (err) {
    process.stdout.write(`error ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
