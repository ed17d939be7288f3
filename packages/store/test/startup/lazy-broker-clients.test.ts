import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStoreDist } from '../faults/child.js';

// Broker client libraries are loaded when a target of their kind first connects, never at
// start: the compiled store runs in a child process whose module loader records what it
// resolves (broker-loads-child.mjs, record-loads-hook.mjs).

const CHILD = fileURLToPath(new URL('./broker-loads-child.mjs', import.meta.url));

interface Step {
  step: string;
  failure?: string;
  libraries: string[];
}

async function run(kind?: string): Promise<Step[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, ...(kind ? [kind] : [])], {
    timeout: 60_000,
  });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Step);
}

beforeAll(() => buildStoreDist(), 120_000);

describe('broker client libraries load lazily', () => {
  it('a store started with no notification target loads none', async () => {
    const [started] = await run();
    expect(started).toEqual({ step: 'started', libraries: [] });
  });

  it.each([
    ['kafka', '@platformatic/kafka'],
    ['amqp', 'amqplib'],
    ['mqtt', 'mqtt'],
    ['nats', 'nats'],
    ['mysql', 'mysql2'],
    ['postgresql', 'pg'],
  ])('a %s target loads %s, and only it, when it first connects', async (kind, library) => {
    const [started, target] = await run(kind);
    expect(started!.libraries).toEqual([]);
    expect(target!.failure).toMatch(/delivery failed/);
    expect(target!.libraries).toEqual([library]);
  });
});
