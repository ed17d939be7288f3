import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupKeys, policyKeys, userKeys } from './queryKeys.js';

const FEATURES = join(__dirname, '..', 'features');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('query keys', () => {
  it('a detail key sits below its resource, so invalidating the resource reaches it', () => {
    expect(userKeys.detail('ann').slice(0, userKeys.all.length)).toEqual(userKeys.all);
    expect(groupKeys.list().slice(0, groupKeys.all.length)).toEqual(groupKeys.all);
    expect(policyKeys.users('readonly').slice(0, 3)).toEqual(policyKeys.detail('readonly'));
  });

  it('live in api/queryKeys.ts only: no feature defines key factories of its own', () => {
    const own = sources(FEATURES)
      .filter((file) => /export const \w+Keys\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(FEATURES, file));
    expect(own).toEqual([]);
  });
});
