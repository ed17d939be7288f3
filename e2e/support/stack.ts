import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

const CLI = new URL('../../apps/cli/bin/stowage.mjs', import.meta.url).pathname;

export interface Stack {
  consoleUrl: string;
  s3Url: string;
  s3Port: number;
  consolePort: number;
  rootUser: string;
  rootPassword: string;
  dataDir: string;
  output: () => string;
  /**
   * Stops the process (SIGTERM, as an operator would) and starts it again on the same data
   * directory and ports: the same root, store and console database, new console sessions.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The built CLI in a child process: its output, and a field of what it printed. */
interface CliProcess {
  child: ChildProcess;
  output: () => string;
  field: (name: string) => string | undefined;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  kill(): Promise<void>;
}

/** Runs `stowage <args>` and waits until it has printed `readyField` (its root credentials by
 *  default): it is serving. */
async function spawnCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyField = 'RootPass',
): Promise<CliProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, ...args], {
    env: {
      ...process.env,
      STOWAGE_ROOT_USER: '',
      STOWAGE_ROOT_PASSWORD: '',
      MINIO_ROOT_USER: '',
      MINIO_ROOT_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const field = (name: string) => output.match(new RegExp(`${name}:\\s+(\\S+)`))?.[1];
  // Ready when the line shows up in its output (checked on each chunk), failed when it exits first.
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
    };
    const check = () => {
      if (!field(readyField)) return;
      done();
      resolve();
    };
    const exited = (code: number | null) => {
      done();
      reject(new Error(`stowage ${args[0]} exited with ${code}:\n${output}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`stowage ${args[0]} did not start:\n${output}`));
    }, 60_000);
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
  });
  return {
    child,
    output: () => output,
    field,
    async kill() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(child.pid, 'SIGTERM');
        // A deadline, not a wait: SIGKILL if it has not exited by then.
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
        if (child.exitCode === null) process.kill(child.pid, 'SIGKILL');
      }
    },
  };
}

const PORT_FLAGS = new Set(['--port', '--console-port']);

/** The arguments without their port flags and values. */
const withoutPorts = (args: readonly string[]) =>
  args.filter((arg, i) => !PORT_FLAGS.has(arg) && !PORT_FLAGS.has(args[i - 1] ?? ''));

/** The port of a URL the CLI printed. */
const portOf = (url: string): number => Number(new URL(url).port);

/**
 * The whole product as a user runs it: the built `stowage start` in a child process, on ports
 * the OS picks (port 0; `extraArgs` may name one), with a fresh data directory. Addresses and
 * credentials are read from what it prints.
 */
export async function startStack(extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stowage-e2e-'));
  const ports = ['--port', '--console-port'].flatMap((flag) => (extraArgs.includes(flag) ? [] : [flag, '0']));
  let cli = await spawnCli(['start', '--data', dataDir, ...ports, ...extraArgs], env);
  const consoleUrl = (cli.field('Console') ?? '').replace(/\/$/, '');
  const s3Url = cli.field('S3 API') ?? '';
  let earlier = '';
  return {
    consoleUrl,
    s3Url,
    s3Port: portOf(s3Url),
    consolePort: portOf(consoleUrl),
    rootUser: cli.field('RootUser') ?? '',
    rootPassword: cli.field('RootPass') ?? '',
    dataDir,
    output: () => earlier + cli.output(),
    async restart() {
      await cli.kill();
      earlier += cli.output();
      const fixed = ['--port', String(portOf(s3Url)), '--console-port', String(portOf(consoleUrl))];
      cli = await spawnCli(['start', '--data', dataDir, ...fixed, ...withoutPorts(extraArgs)], env);
    },
    async stop() {
      await cli.kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `stowage console --operator` for the cluster a kubeconfig names, on a port the OS picks. */
export interface OperatorConsole {
  consoleUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startOperatorConsole(
  kubeconfig: string,
  env: NodeJS.ProcessEnv = {},
): Promise<OperatorConsole> {
  const args = ['console', '--operator', '--kubeconfig', kubeconfig, '--console-port', '0'];
  const cli = await spawnCli(args, env, 'Console');
  return {
    consoleUrl: (cli.field('Console') ?? '').replace(/\/$/, ''),
    output: cli.output,
    stop: () => cli.kill(),
  };
}

/** A second store alone (`stowage server`, one drive), e.g. a remote tier; root keys as given. */
export interface Store {
  s3Url: string;
  rootUser: string;
  rootPassword: string;
  stop(): Promise<void>;
}

export async function startStore(rootUser: string, rootPassword: string): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stowage-e2e-store-'));
  const cli = await spawnCli(['server', dataDir, '--port', '0'], {
    STOWAGE_ROOT_USER: rootUser,
    STOWAGE_ROOT_PASSWORD: rootPassword,
  });
  return {
    s3Url: cli.field('S3 API') ?? '',
    rootUser,
    rootPassword,
    async stop() {
      await cli.kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An S3 client of the stack's (or a store's) root user; destroy it when done. */
export function rootS3(stack: Pick<Stack, 's3Url' | 'rootUser' | 'rootPassword'>): S3Client {
  return new S3Client({
    endpoint: stack.s3Url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
  });
}
