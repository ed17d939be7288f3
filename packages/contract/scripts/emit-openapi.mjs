// Writes packages/contract/openapi.json from the built contract (run `npm run openapi`).
import { writeFileSync } from 'node:fs';
import { openApiText } from '../dist/index.js';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, openApiText());
console.log(`wrote ${target.pathname}`);
