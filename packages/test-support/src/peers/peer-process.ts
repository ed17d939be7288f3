import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

// What the real peers the tests start share: a child process on 127.0.0.1, waited for
// until it answers, and stopped by its PID.

export interface PeerProcess {
  child: ChildProcess;
  /** Signals the process and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startPeer(command: string, args: string[], options: SpawnOptions = {}): PeerProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  let stderr = '';
  let stopping = false;
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  child.once('exit', (code, signal) => {
    if (!stopping && code !== 0 && signal === null)
      process.stderr.write(`${command} exited with ${code}: ${stderr}\n`);
  });
  return {
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        stopping = true;
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Retries `ready` every 100 ms until it resolves; fails after `timeoutMs` or when the peer exits. */
export async function waitUntil(
  peer: PeerProcess,
  ready: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (peer.child.exitCode !== null)
      throw new Error(`${peer.child.spawnfile} exited with ${peer.child.exitCode}`);
    try {
      await ready();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
