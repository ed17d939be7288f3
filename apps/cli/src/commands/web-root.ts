import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built web app, or undefined (the console then serves its API only, and says so). */
export function findWebRoot(): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    const dist = join(dirname(require.resolve('@stowage/console-web/package.json')), 'dist');
    return existsSync(join(dist, 'index.html')) ? dist : undefined;
  } catch {
    return undefined;
  }
}
