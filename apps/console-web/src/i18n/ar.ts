import type { en } from './en.js';
import { mergeAreas } from './mergeAreas.js';
import type { Translation } from './translation.js';

/** Arabic texts: every area file of ./ar/ (loaded as one chunk, on demand). */
export const ar = mergeAreas<Translation<typeof en, 'ar'>>(import.meta.glob('./ar/*.ts', { eager: true }));
