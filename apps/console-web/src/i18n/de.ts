import type { en } from './en.js';
import { mergeAreas } from './mergeAreas.js';
import type { Translation } from './translation.js';

/** German texts: every area file of ./de/ (loaded as one chunk, on demand). */
export const de = mergeAreas<Translation<typeof en, 'de'>>(import.meta.glob('./de/*.ts', { eager: true }));
