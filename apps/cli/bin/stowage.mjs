#!/usr/bin/env node
// The `stowage` command. It runs the compiled CLI, building the repository first when needed.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  const ensure = new URL('../../../scripts/lib/ensure.mjs', import.meta.url);
  if (!existsSync(ensure)) {
    console.error('stowage is not built: run `npm run build` in the repository.');
    process.exit(1);
  }
  console.error('stowage is not built yet; building it first.');
  const { ensureBuilt } = await import(ensure.href);
  ensureBuilt();
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
