// The unit suite: every server package's tests beside its sources (src/**/*.test.ts), with no peers
// to install or start. `npm run test:unit` runs it as the developer's fast loop; `npm test` runs it a
// second time under Node 24. The web app's component tests are `npm run test:web`.
export const UNIT_PROJECTS = ['contract', 'sizing', 'madmin', 'store', 'console-api', 'cli'];

export const UNIT_SUITE_ARGS = [...UNIT_PROJECTS.flatMap((p) => ['--project', p]), 'src/'];
