import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';

// Workaround, test-only: the workspace's Vitest passes its resolve conditions ("module"
// among them) to Node, and the AWS SDK's export maps list "module" before "node", so even
// require() lands on its bundler-only dist-es build (extensionless ESM imports Node cannot
// load). Until the root config stops passing "module", redirect those to dist-cjs.
const nodeModule = createRequire(import.meta.url)('node:module') as {
  _resolveFilename: (request: string, ...rest: unknown[]) => string;
};
const original = nodeModule._resolveFilename;
const esDir = `${sep}dist-es${sep}`;
nodeModule._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  const resolved = original.call(this, request, ...rest);
  if (!resolved.includes(esDir)) return resolved;
  const cjs = resolved.replace(esDir, `${sep}dist-cjs${sep}`);
  return existsSync(cjs) ? cjs : resolved;
};

const require = createRequire(import.meta.url);
export const s3sdk = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
