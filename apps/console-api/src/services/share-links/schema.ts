import type { FeatureSchema } from '../../db/database.js';

/**
 * Share links' table. `path` is the object's key (download) or the prefix (drop); times are
 * epoch milliseconds; `sealed_secret` is the service account's secret sealed with the row's id
 * (db/secret-box.ts), never the secret itself.
 */
export const SHARE_LINKS_SCHEMA: FeatureSchema = {
  feature: 'share-links',
  migrations: [
    `CREATE TABLE share_links (
       id TEXT PRIMARY KEY,
       kind TEXT NOT NULL CHECK (kind IN ('download', 'drop')),
       bucket TEXT NOT NULL,
       path TEXT NOT NULL,
       version_id TEXT,
       creator TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       expires_at INTEGER NOT NULL,
       access_key TEXT NOT NULL,
       sealed_secret TEXT NOT NULL,
       download_limit INTEGER,
       download_count INTEGER NOT NULL DEFAULT 0,
       size_limit INTEGER,
       revoked_at INTEGER
     );
     CREATE INDEX share_links_by_creator ON share_links (creator, created_at);
     CREATE INDEX share_links_by_created ON share_links (created_at);`,
  ],
};
