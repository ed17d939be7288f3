// `npm run test:unit`: the unit suite (scripts/lib/unit-suite.mjs) with nothing installed or built;
// extra arguments go to Vitest (a file filter, `--changed`, `--watch`...).
import { spawnSync } from 'node:child_process';
import { root } from './lib/ensure.mjs';
import { UNIT_SUITE_ARGS } from './lib/unit-suite.mjs';

const watch = process.argv.includes('--watch');
const args = process.argv.slice(2).filter((a) => a !== '--watch');
const res = spawnSync('npx', ['vitest', watch ? 'watch' : 'run', ...UNIT_SUITE_ARGS, ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
