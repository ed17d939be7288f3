import type { en } from './en.js';
import { mergeAreas } from './mergeAreas.js';
import type { Translation } from './translation.js';

/** French texts: every area file of ./fr/ (loaded as one chunk, on demand). */
export const fr = mergeAreas<Translation<typeof en, 'fr'>>(import.meta.glob('./fr/*.ts', { eager: true }));
