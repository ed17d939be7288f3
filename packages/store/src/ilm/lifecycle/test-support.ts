import type { JudgedVersion } from './rules.js';

// Lifecycle documents and versions for the rules' unit tests.

/** A stored lifecycle document of these rules. */
export const doc = (rules: string) => ({ xml: `<LifecycleConfiguration>${rules}</LifecycleConfiguration>` });
export const rule = (body: string, id = 'r', status = 'Enabled') =>
  `<Rule><ID>${id}</ID><Status>${status}</Status>${body}</Rule>`;
export const at = (iso: string) => new Date(iso);

/** A current version of `logs/a`, 100 bytes, made 2026-01-10 15:30 UTC, unless told otherwise. */
export const version = (over: Partial<JudgedVersion> = {}): JudgedVersion => ({
  key: 'logs/a',
  size: 100,
  tags: new Map(),
  modTime: at('2026-01-10T15:30:00Z'),
  isLatest: true,
  isDeleteMarker: false,
  newerNoncurrent: 0,
  versionCount: 1,
  ...over,
});
