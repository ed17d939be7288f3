import type { en } from './en.js';
import { mergeAreas } from './mergeAreas.js';
import type { Translation } from './translation.js';

/** Spanish texts: every area file of ./es/ (loaded as one chunk, on demand). */
export const es = mergeAreas<Translation<typeof en, 'es'>>(import.meta.glob('./es/*.ts', { eager: true }));
