// `npm run test:unit`: the unit suite (scripts/lib/unit-suite.mjs) with nothing installed or built;
// extra arguments go to Vitest (a file filter, `--changed`, `--watch`, `--maxWorkers=N`...).
import { spawnSync } from 'node:child_process';
import { root } from './lib/ensure.mjs';
import { UNIT_SUITE_ARGS } from './lib/unit-suite.mjs';

const watch = process.argv.includes('--watch');
const extra = process.argv.slice(2).filter((a) => a !== '--watch');
// A worker count given here replaces the suite's own.
const suite = extra.some((a) => a.startsWith('--maxWorkers'))
  ? UNIT_SUITE_ARGS.filter((a) => !a.startsWith('--maxWorkers'))
  : UNIT_SUITE_ARGS;
const res = spawnSync('npx', ['vitest', watch ? 'watch' : 'run', ...suite, ...extra], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
