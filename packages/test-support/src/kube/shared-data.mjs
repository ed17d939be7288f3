// Where the reference CRD files are (the Tenant and direct-csi CRDs). They live beside the
// repository, in the project's `shared/data` folder, and are never copied into it. A clone
// elsewhere on the machine finds them through STOWAGE_SHARED_DATA, or the project's folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = new URL('../../../../', import.meta.url).pathname;
/** Where the project keeps its shared reference folder on its machines. */
const PROJECT_SHARED_DATA = '/work/shared/data';

/** The folder holding the CRD files, or a clear error naming where it looked. */
export function sharedDataDir(env = process.env) {
  const candidates = [
    env.STOWAGE_SHARED_DATA,
    join(repoRoot, '..', 'shared', 'data'),
    PROJECT_SHARED_DATA,
  ].filter((d) => typeof d === 'string' && d !== '');
  const found = candidates.find((d) => existsSync(join(d, 'minio.min.io_tenants.v4.2.0.yaml')));
  if (!found)
    throw new Error(
      `the reference CRD files are not in any of ${candidates.join(', ')}; set STOWAGE_SHARED_DATA to their folder`,
    );
  return found;
}
