#!/usr/bin/env node
// The `stowage` command. It runs the compiled CLI; `npm start` (or `npm run build`) builds it.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'stowage is not built yet: run `npm run build` in the repository (npm start does it for you).',
  );
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
