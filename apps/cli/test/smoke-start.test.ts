import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm test` runs scripts/smoke-start.mjs under Node 24; here it runs under this Node, so a smoke that
// breaks (or passes without checking) is seen on the main runtime too.
const SMOKE = fileURLToPath(new URL('../../../scripts/smoke-start.mjs', import.meta.url));

describe('the stowage start smoke', () => {
  it('starts the built product, logs in, creates a bucket and stops cleanly', () => {
    const res = spawnSync(process.execPath, [SMOKE], { encoding: 'utf8', timeout: 120_000 });
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain(`stowage start smoke passed under Node ${process.versions.node}`);
    expect(res.status).toBe(0);
  }, 130_000);

  it('fails, naming the step, when the product cannot start', () => {
    const res = spawnSync(process.execPath, [SMOKE], {
      encoding: 'utf8',
      timeout: 120_000,
      // An address this machine does not have: the store cannot listen.
      env: { ...process.env, STOWAGE_ADDRESS: '192.0.2.1' },
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/stowage start smoke failed under Node .*: stowage start exited with/);
  }, 130_000);
});
