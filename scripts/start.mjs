// `npm start`: install what is missing, build, then run the store and the console together.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureDependencies, root } from './lib/ensure.mjs';

ensureDependencies();
ensureBuilt();
const child = spawn(
  process.execPath,
  [`${root}/apps/cli/bin/stowage.mjs`, 'start', ...process.argv.slice(2)],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
