// The unit suite: every server package's tests beside its sources (src/**/*.test.ts), with no peers
// to install or start. `npm run test:unit` runs it as the developer's fast loop; `npm test` runs it a
// second time under Node 24. The web app's component tests are `npm run test:web`.
import { availableParallelism } from 'node:os';

export const UNIT_PROJECTS = ['contract', 'sizing', 'multipart', 'madmin', 'store', 'console-api', 'cli'];

// Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. These
// tests mostly wait on disk and sockets, so one more worker than cores halves the run here
// (143 s with the default, 64 s with 3 workers, 2 cores; BENCHMARKS.md "unit suite").
const WORKERS = availableParallelism() + 1;

export const UNIT_SUITE_ARGS = [
  ...UNIT_PROJECTS.flatMap((p) => ['--project', p]),
  `--maxWorkers=${WORKERS}`,
  'src/',
];
