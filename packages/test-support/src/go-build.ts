import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Builds a Go program offline against Debian's Go sources (GOPATH mode, no module proxy),
// as the real-client tests do; build products stay outside the repository, cached between runs.

const run = promisify(execFile);

/** Where Go builds and their products are cached between runs. */
export const GO_CACHE = join(tmpdir(), 'stowage-go-cache');

/** Builds the program in `dir` (inside the GOPATH root `gopath`) into `binary`. */
export async function goBuild(dir: string, gopath: string, binary: string): Promise<void> {
  await run('go', ['build', '-o', binary, '.'], {
    cwd: dir,
    env: {
      ...process.env,
      GOPATH: `${gopath}:/usr/share/gocode`,
      GO111MODULE: 'off',
      GOPROXY: 'off',
      GOFLAGS: '',
      GOCACHE: join(GO_CACHE, 'build'),
    },
  });
}
