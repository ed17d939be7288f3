import type { en } from './en.js';
import { mergeAreas } from './mergeAreas.js';
import type { Translation } from './translation.js';

/** Simplified Chinese texts: every area file of ./zh/ (loaded as one chunk, on demand). */
export const zh = mergeAreas<Translation<typeof en, 'zh'>>(import.meta.glob('./zh/*.ts', { eager: true }));
