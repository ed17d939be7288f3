import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { vi } from 'vitest';

// What the real peers the tests start share: a child process on 127.0.0.1, waited for
// until it answers (or says where it listens), and stopped by its PID.

export interface PeerProcess {
  child: ChildProcess;
  /** The last few kilobytes the process wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the first match of `pattern` in the process's output; rejects when it exits first. */
  line(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Signals the process and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A peer that exited before it was ready; its message carries the peer's last output. */
export class PeerExited extends Error {}

export function startPeer(command: string, args: string[], options: SpawnOptions = {}): PeerProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  let stopping = false;
  const exitError = () =>
    new PeerExited(`${command} exited with ${child.exitCode ?? child.signalCode}: ${output}`);
  const onData = (d: Buffer) => {
    output = (output + d.toString()).slice(-8000);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('exit', (code, signal) => {
    if (!stopping && code !== 0 && signal === null) process.stderr.write(`${exitError().message}\n`);
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    line: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          done();
          resolve(match);
        };
        const onExit = () => {
          done();
          reject(exitError());
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${command} did not print ${pattern} within ${timeoutMs} ms: ${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          child.off('exit', onExit);
        };
        // After onData (registered first), so `output` already holds the chunk.
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        child.once('exit', onExit);
        if (exited()) onExit();
        else check();
      }),
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (exited()) return resolve();
        stopping = true;
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Retries `ready` (vi.waitFor) until it resolves; fails after `timeoutMs`, or as soon as the peer exits. */
export async function waitUntil(
  peer: PeerProcess,
  ready: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<void> {
  let exited = false;
  const exit = new Promise<never>((_, reject) => {
    const onExit = () => {
      exited = true;
      reject(new PeerExited(`${peer.child.spawnfile} exited: ${peer.output()}`));
    };
    if (peer.child.exitCode !== null || peer.child.signalCode !== null) onExit();
    else peer.child.once('exit', onExit);
  });
  // Once the peer is gone the race below is lost, so the retries end too.
  const answered = vi.waitFor(() => (exited ? undefined : ready()), { timeout: timeoutMs, interval: 100 });
  await Promise.race([answered, exit]);
}

/** `waiting`'s result; when it fails, the peer is stopped first (so a retry on a new port starts clean). */
export async function orStop<T>(peer: PeerProcess, waiting: Promise<T>, signal?: NodeJS.Signals): Promise<T> {
  try {
    return await waiting;
  } catch (err) {
    await peer.stop(signal);
    throw err;
  }
}
