import { JOBS_SCHEMA } from '../services/jobs/schema.js';
import { SHARE_LINKS_SCHEMA } from '../services/share-links/schema.js';
import type { FeatureSchema } from './database.js';

/**
 * Every feature's tables in the console database, each with its own migrations. A feature is
 * added with one line here; its name never changes (the file records versions by it).
 */
export const CONSOLE_SCHEMAS: readonly FeatureSchema[] = [SHARE_LINKS_SCHEMA, JOBS_SCHEMA];
