// A store in its own process, for crash tests that kill it with SIGKILL. It runs the
// compiled package (packages/store/dist, built by `tsc -b packages/store`): tests cannot
// load TypeScript in a plain node process, and dist is what `stowage server` runs too.
import { startStore } from '../../dist/index.js';

const drives = process.argv.slice(2);
const store = await startStore({
  drives,
  rootCredentials: {
    accessKey: process.env.STOWAGE_ROOT_USER ?? 'stowage-root',
    secretKey: process.env.STOWAGE_ROOT_PASSWORD ?? 'stowage-root-secret',
  },
});
process.stdout.write(`${store.url}\n`);
