import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as s3sdk from '@aws-sdk/client-s3';
import type { TierConfig } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll } from 'vitest';
import { type TierGate, tierGate } from '../support/tier-gate.js';
import { minioTierOn } from '../support/tiers.js';
import { buildStoreDist } from './child.js';

// Two-process tier tests: the hot store in a child process (transition-child.mjs, which
// transitions on command), the tier reached through the tier gate (support/tier-gate.ts).

const CHILD = fileURLToPath(new URL('./transition-child.mjs', import.meta.url));

export interface HotChild {
  child: ChildProcess;
  url: string;
  /** The child's stdout, a line per answer to a command. */
  lines: Interface;
  /** Runs `transitionVersion` in the child; its answer (`ok` or `error <message>`). */
  transition(bucket: string, key: string, tier: string): Promise<string>;
  /** Runs one scanner cycle in the child (transitions it queues included); its answer. */
  scan(): Promise<string>;
}

export function startHotChild(
  drives: string[],
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<HotChild> {
  const child = spawn(process.execPath, [CHILD, ...drives], {
    env: {
      ...process.env,
      STOWAGE_ROOT_USER: ROOT.accessKey,
      STOWAGE_ROOT_PASSWORD: ROOT.secretKey,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const command = (line: string) => {
    const answer = new Promise<string>((r) => lines.once('line', r));
    child.stdin!.write(`${line}\n`);
    return answer;
  };
  const transition = (bucket: string, key: string, tier: string) => command(`${bucket} ${key} ${tier}`);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`store exited with ${code}`)));
    lines.once('line', (url) => resolve({ child, url, lines, transition, scan: () => command('scan') }));
  });
}

export interface TierRig {
  /** Where the hot store's drives go (`drives()`). */
  dir: string;
  /** The second store; the tier is its bucket `archive`. */
  cold: TestStore;
  gate: TierGate;
  /** Four drive folders under `dir` named `{set}1`…`{set}4` (`d` by default), the same on every call. */
  drives(set?: string): string[];
  /** Starts a hot store in a child process on `drives(set)` (killed after the file's tests). */
  startHot(opts?: { set?: string; env?: Record<string, string> }): Promise<HotChild>;
  /** A MinIO-type tier on the cold store's `archive`, under `tier`, reached through the gate. */
  tier(name: string): TierConfig;
}

/** The file's set-up, as its beforeAll builds it: the compiled store, the cold store, the gate. */
export function tierRig(name: string): TierRig {
  const children: ChildProcess[] = [];
  const rig = {
    drives: (set = 'd') => [1, 2, 3, 4].map((i) => join(rig.dir, `${set}${i}`)),
    startHot: ({ set, env }: { set?: string; env?: Record<string, string> } = {}) =>
      startHotChild(rig.drives(set), children, env),
    tier: (name: string) => minioTierOn(rig.cold, name, { Endpoint: rig.gate.url, Prefix: 'tier' }),
  } as TierRig;
  beforeAll(async () => {
    buildStoreDist();
    rig.dir = await mkdtemp(join(tmpdir(), `stowage-${name}-`));
    rig.cold = await startTestStore();
    await rig.cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'archive' }));
    rig.gate = await tierGate(rig.cold.store.url);
  }, 180_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await rig.gate?.close();
    await rig.cold?.close();
    if (rig.dir) await rm(rig.dir, { recursive: true, force: true });
  });
  return rig;
}
