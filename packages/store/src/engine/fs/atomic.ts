import { atomicFiles } from '../../fsx/atomic.js';
import { open, rename, rm, sync } from './os.js';

// Atomic writes on the engine's drives, through the traced file calls (the os trace shows them).
export const { fsyncDir, writeFileAtomic } = atomicFiles({ open, rename, rm, sync });

export { isNotFound, readJsonFile } from '../../fsx/atomic.js';
