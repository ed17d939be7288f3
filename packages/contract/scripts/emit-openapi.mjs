// Writes packages/contract/openapi.json and src/route-index.generated.ts from the built contract
// (run `npm run openapi` after changing a route).
import { writeFileSync } from 'node:fs';
import { openApiText, routeIndexText } from '../dist/index.js';

for (const [file, text] of [
  ['../openapi.json', openApiText()],
  ['../src/route-index.generated.ts', routeIndexText()],
]) {
  const target = new URL(file, import.meta.url);
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
