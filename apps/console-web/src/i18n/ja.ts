import type { en } from './en.js';
import { mergeAreas } from './mergeAreas.js';
import type { Translation } from './translation.js';

/** Japanese texts: every area file of ./ja/ (loaded as one chunk, on demand). */
export const ja = mergeAreas<Translation<typeof en, 'ja'>>(import.meta.glob('./ja/*.ts', { eager: true }));
