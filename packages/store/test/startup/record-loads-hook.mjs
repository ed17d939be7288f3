// A module resolve hook (module.register) that appends every URL it resolves to a file, so
// that the process can tell which packages the ESM loader brought in. Synchronous writes: the
// hook runs on the loader's thread, and the list must be complete when the process reads it.
import { appendFileSync } from 'node:fs';

let log;

export function initialize(data) {
  log = data.log;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, `${result.url}\n`);
  return result;
}
