// A store in its own process that transitions on command, for kill -9 during a transition:
// each stdin line `<bucket> <key> <tier>` runs transitionVersion, and `scan` a scanner cycle
// (lifecycle rules, transitions through the worker queue); stdout says `ok` or
// `error <message>`. STOWAGE_TEST_DAYS_AHEAD moves the clock lifecycle rules are judged by.
// Runs the compiled package (dist), as store-child.mjs does.
import { createInterface } from 'node:readline';
import { startStore } from '../../dist/index.js';

const store = await startStore({
  drives: process.argv.slice(2),
  rootCredentials: {
    accessKey: process.env.STOWAGE_ROOT_USER ?? 'stowage-root',
    secretKey: process.env.STOWAGE_ROOT_PASSWORD ?? 'stowage-root-secret',
  },
  clock: () => new Date(Date.now() + Number(process.env.STOWAGE_TEST_DAYS_AHEAD ?? 0) * 86_400_000),
});
process.stdout.write(`${store.url}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const [bucket, key, tier] = line.split(' ');
  try {
    if (line === 'scan') await store.runScannerCycle();
    else await store.transitions.transitionVersion(bucket, key, undefined, tier);
    process.stdout.write('ok\n');
  } catch (err) {
    process.stdout.write(`error ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
